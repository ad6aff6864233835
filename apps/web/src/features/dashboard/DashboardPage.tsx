import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { DashboardOverview } from './DashboardOverview.tsx';

/** The default page after sign-in: organization, team and recent activity; operations figures follow. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <Stack maw={1100}>
      <Title order={1}>Dashboard</Title>
      <DashboardOverview />
    </Stack>
  );
}
