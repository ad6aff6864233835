import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { DashboardOverview } from './DashboardOverview.tsx';

/** The default page after sign-in: what needs attention, the day's figures, the trend, the team and activity. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <Stack maw={1280}>
      <Title order={1}>Dashboard</Title>
      <DashboardOverview />
    </Stack>
  );
}
