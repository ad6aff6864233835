import { Badge, createTheme } from '@mantine/core';

// System fonts only: the app must render with no internet and under font-src 'self'.
export const theme = createTheme({
  primaryColor: 'teal',
  components: {
    // Badges hold short words (statuses, roles): never let a narrow table cell cut them to "AC…".
    Badge: Badge.extend({
      styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } },
    }),
  },
});
