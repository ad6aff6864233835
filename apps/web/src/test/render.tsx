import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import { AppRoot } from '../AppRoot.tsx';
import { theme } from '../theme.ts';

/**
 * Renders routes at a path inside the app's providers. The query client does not retry, so
 * an error state shows at once instead of after the production backoff. Mantine runs in its test
 * mode: no transitions and no portals, so dialogs are in the tree at once.
 */
export function renderRoutes(routes: RouteObject[], path: InitialEntry, { strict = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const app = (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
  // strict: as main.tsx renders it, with React's development double effects.
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient };
}

/** renderRoutes under the app's root route: auth state, toasts and the Session Expired dialog. */
export function renderWithAuth(
  routes: RouteObject[],
  path: InitialEntry,
  options: { strict?: boolean } = {},
) {
  return renderRoutes([{ Component: AppRoot, children: routes }], path, options);
}
