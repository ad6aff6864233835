import { Center, Loader, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './AuthContext.ts';

/** Location state a guarded route passes to /auth, so sign-in can return there. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Guards its child routes (spec §2): a loader while the session is checked, else /auth. */
export function RequireAuth() {
  const { isLoading, isAuthenticated } = useAuth();
  const location = useLocation();

  if (isLoading) {
    return (
      <Center h="100vh" role="status">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text c="dimmed">Authenticating...</Text>
        </Stack>
      </Center>
    );
  }
  if (!isAuthenticated) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/auth" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/** Where to go after sign-in: the page the user was sent away from, else the dashboard. */
export function afterSignInPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/auth' || from.pathname === '/login') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
