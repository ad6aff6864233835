import { Box, Notification, Transition } from '@mantine/core';
import { TOAST_LIMIT } from '@plastrace/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export interface ToastInput {
  title?: string;
  message: string;
  color?: 'teal' | 'red' | 'yellow' | 'blue';
}

interface Toast extends ToastInput {
  id: number;
  closing: boolean;
}

interface ToastApi {
  showToast: (toast: ToastInput) => void;
}

/** How long a toast stays on screen unless dismissed. */
export const TOAST_DURATION_MS = 6_000;
/** A dismissed toast fades out, then leaves the DOM after this delay. */
export const TOAST_REMOVE_DELAY_MS = 400;

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

/**
 * A small toast area (spec §2 Notifications): at most TOAST_LIMIT (1) visible, a new toast replaces
 * the older one, and a dismissed toast is removed after a short delay. @mantine/notifications was
 * not used: its release pins an older @mantine/core than the app's, so npm refuses to install it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, closing: true } : t)));
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
  }, []);

  const showToast = useCallback((toast: ToastInput) => {
    const id = nextId++;
    setToasts((list) => [...list, { ...toast, id, closing: false }].slice(-TOAST_LIMIT));
  }, []);

  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Box
        role="status"
        aria-live="polite"
        aria-label="Notifications"
        pos="fixed"
        bottom={16}
        right={16}
        w={360}
        maw="calc(100vw - 32px)"
        style={{ zIndex: 1000 }}
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </Box>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);

  // The wrapper stays until the toast is removed from the list, so the fade-out can finish.
  return (
    <div data-toast-id={toast.id}>
      <Transition mounted={!toast.closing} transition="slide-up" duration={200}>
        {(style) => (
          <Notification
            style={style}
            title={toast.title}
            color={toast.color ?? 'teal'}
            onClose={() => onDismiss(toast.id)}
            closeButtonProps={{ 'aria-label': 'Dismiss notification' }}
            withBorder
          >
            {toast.message}
          </Notification>
        )}
      </Transition>
    </div>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
}
