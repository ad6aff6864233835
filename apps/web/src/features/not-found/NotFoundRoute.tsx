import { useAuth } from '../../auth/AuthContext.ts';
import { AppLayout } from '../../layout/AppLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/**
 * Any address no route matches. A signed-in member stays in the app (header, sidebar, their pages
 * one click away); a visitor gets the page on its own. Nothing shows while the stored session is read.
 */
export function NotFoundRoute() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return null;
  if (!isAuthenticated) return <NotFoundPage />;
  return (
    <AppLayout>
      <NotFoundPage inShell />
    </AppLayout>
  );
}
