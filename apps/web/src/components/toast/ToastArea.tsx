import '@mantine/notifications/styles.css';
import { Notifications, type NotificationsStore } from '@mantine/notifications';
import { TOAST_LIMIT } from '@plastrace/shared';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toastTiming.ts';

/** What draws the toasts: its own chunk, as a first visit shows none (the 150 kB budget of `/`). */
export default function ToastArea({ store }: { store: NotificationsStore }) {
  return (
    <Notifications
      store={store}
      withinPortal={false}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS}
      transitionDuration={TOAST_REMOVE_DELAY_MS}
      containerWidth={360}
    />
  );
}
