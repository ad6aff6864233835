import { IconMicroscope } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** /ai-identification: polymer identification from spectra, and the site's reference library. */
export const aiIdentificationRoutes: RouteObject[] = [
  {
    path: 'ai-identification',
    lazy: async () => ({ Component: (await import('./AiIdentificationPage.tsx')).AiIdentificationPage }),
  },
];

export const aiIdentificationNav: NavGroup = {
  label: 'Operations',
  items: [
    {
      label: 'AI identification',
      path: '/ai-identification',
      icon: IconMicroscope,
      action: 'identification.read',
    },
  ],
};
