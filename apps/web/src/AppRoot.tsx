import { Outlet } from 'react-router';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { ToastProvider } from './components/toast/ToastProvider.tsx';

/** The root route: app-wide state that needs the router (the Session Expired dialog navigates). */
export function AppRoot() {
  return (
    <ToastProvider>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </ToastProvider>
  );
}
