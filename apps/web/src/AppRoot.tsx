import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { ToastProvider } from './components/toast/ToastProvider.tsx';

/** The root route: app-wide state that needs the router (the Session Expired dialog navigates). */
export function AppRoot() {
  return (
    <ToastProvider>
      <AuthProvider>
        <Outlet />
        {/* A new page opens at its top (a saved delivery's detail, not halfway down); back and forward
            return to where the reader was. */}
        <ScrollRestoration />
      </AuthProvider>
    </ToastProvider>
  );
}
