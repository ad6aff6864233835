import type { RouteObject } from 'react-router';

/** Public, inside the public pages' layout (features/public-pages/routes.ts). */
export const blogRoutes: RouteObject[] = [
  { path: 'blog', lazy: async () => ({ Component: (await import('./BlogListPage.tsx')).BlogListPage }) },
  {
    path: 'blog/:slug',
    lazy: async () => ({ Component: (await import('./BlogPostPage.tsx')).BlogPostPage }),
  },
];
