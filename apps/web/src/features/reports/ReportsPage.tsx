import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { REPORT_DESCRIPTIONS, REPORT_KINDS, REPORT_LABELS, REPORT_SCHEDULE_TIMES } from '@plastrace/shared';
import { Link } from 'react-router';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { REPORT_PATHS } from './periods.ts';
import { Schedules } from './Schedules.tsx';

const TITLE = 'Reports';

/** Reports other pages already are, listed here so all the reports are in one place. */
const ELSEWHERE = [
  {
    title: 'Supply chain',
    what: 'Where a lot came from and where it went: deliveries, runs and dispatches, with its evidence.',
    path: '/reports/supply-chain',
  },
  {
    title: 'User transactions',
    what: 'What each member did and when: sign-ins, records, exports and reports, from the activity log.',
    path: '/reports/user-transactions',
  },
];

/** /reports: every report with what it holds, and the schedules that e-mail them. */
export function ReportsPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="reports.read" title={TITLE}>
      <Stack gap="lg">
        <PageHeader
          title={TITLE}
          description="The organization’s figures by day, month, year and in stock: on screen, as PDF or XLSX, and e-mailed on a schedule."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {REPORT_KINDS.map((kind) => (
            <Card
              key={kind}
              title={REPORT_LABELS[kind]}
              what={REPORT_DESCRIPTIONS[kind]}
              when={`Can be e-mailed ${REPORT_SCHEDULE_TIMES[kind]}.`}
              path={REPORT_PATHS[kind]}
            />
          ))}
          {ELSEWHERE.map((r) => (
            <Card key={r.path} title={r.title} what={r.what} path={r.path} />
          ))}
        </SimpleGrid>
        <Schedules />
      </Stack>
    </RequirePermission>
  );
}

function Card({ title, what, when, path }: { title: string; what: string; when?: string; path: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={title}>
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm">{what}</Text>
          {when && (
            <Text size="xs" c="dimmed">
              {when}
            </Text>
          )}
        </Stack>
        <Button component={Link} to={path} variant="light" aria-label={`Open the ${title.toLowerCase()}`}>
          Open
        </Button>
      </Stack>
    </Paper>
  );
}
