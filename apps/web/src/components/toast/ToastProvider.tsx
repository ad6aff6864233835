import { Portal } from '@mantine/core';
import { cleanNotifications, createNotificationsStore, showNotification } from '@mantine/notifications';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

export { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toastTiming.ts';

export interface ToastInput {
  title?: string;
  message: string;
  color?: 'teal' | 'red' | 'yellow' | 'blue';
}

interface ToastApi {
  showToast: (toast: ToastInput) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const ToastArea = lazy(() => import('./ToastArea.tsx'));

/**
 * The app's toasts, on @mantine/notifications (product spec, "Notifications"): at most TOAST_LIMIT (1)
 * visible, a new toast replaces the older one rather than queueing behind it (Mantine's `limit` queues),
 * and a dismissed toast is removed after a short fade. Each provider has its own store, so two app roots
 * (or two tests) never share toasts. Only the store is in the entry chunk: the component that draws the
 * toasts is fetched with the first toast (~9 kB), and the live region it fills is in the page from the
 * start, so screen readers announce that first toast too.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const store = useMemo(() => createNotificationsStore(), []);
  const [drawn, setDrawn] = useState(false);
  const api = useMemo<ToastApi>(
    () => ({
      showToast: ({ title, message, color = 'teal' }) => {
        setDrawn(true);
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
          {drawn && (
            <Suspense fallback={null}>
              <ToastArea store={store} />
            </Suspense>
          )}
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
