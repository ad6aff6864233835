import { Portal } from '@mantine/core';
import {
  cleanNotifications,
  createNotificationsStore,
  Notifications,
  showNotification,
} from '@mantine/notifications';
import { TOAST_LIMIT } from '@plastrace/shared';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';

export interface ToastInput {
  title?: string;
  message: string;
  color?: 'teal' | 'red' | 'yellow' | 'blue';
}

interface ToastApi {
  showToast: (toast: ToastInput) => void;
}

/** How long a toast stays on screen unless dismissed (hovering or focusing it pauses the clock). */
export const TOAST_DURATION_MS = 6_000;
/** A dismissed toast fades out, then leaves the DOM after this delay. */
export const TOAST_REMOVE_DELAY_MS = 250;

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The app's toasts, on @mantine/notifications (product spec, "Notifications"): at most TOAST_LIMIT (1)
 * visible, a new toast replaces the older one rather than queueing behind it (Mantine's `limit` queues),
 * and a dismissed toast is removed after a short fade. Each provider has its own store, so two app roots
 * (or two tests) never share toasts.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const store = useMemo(() => createNotificationsStore(), []);
  const api = useMemo<ToastApi>(
    () => ({
      showToast: ({ title, message, color = 'teal' }) => {
        cleanNotifications(store);
        showNotification(
          {
            title,
            message,
            color,
            withBorder: true,
            closeButtonProps: { 'aria-label': 'Dismiss notification' },
          },
          store,
        );
      },
    }),
    [store],
  );
  // A toast of a page that is gone must not come back with the next provider (sign-out remounts it).
  useEffect(() => () => cleanNotifications(store), [store]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Portal>
        <div role="status" aria-live="polite" aria-label="Notifications">
          <Notifications
            store={store}
            withinPortal={false}
            limit={TOAST_LIMIT}
            autoClose={TOAST_DURATION_MS}
            transitionDuration={TOAST_REMOVE_DELAY_MS}
            containerWidth={360}
          />
        </div>
      </Portal>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
}
