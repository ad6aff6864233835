import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { dateTimeFormat } from '../../../components/common/format.ts';
import { usePageTitle } from '../../../layout/pageTitle.ts';
import {
  type Overall,
  overallOf,
  STATUS_REFRESH_MS,
  type StatusSnapshot,
  useSystemStatus,
} from './status.api.ts';

type Row = { name: string; state: string; color: string; detail: string };

const OVERALL: Record<Overall, { color: string; title: string; text: string; icon: typeof IconCircleCheck }> =
  {
    operational: {
      color: 'teal',
      title: 'All systems operational',
      text: 'The API is answering, the database is reachable and up to date.',
      icon: IconCircleCheck,
    },
    degraded: {
      color: 'yellow',
      title: 'Degraded service',
      text: 'The API is up but not ready: signing in and saving may fail until it recovers.',
      icon: IconAlertTriangle,
    },
    unreachable: {
      color: 'red',
      title: 'PlasTrace is unreachable',
      text: 'No answer from the API. If other websites work for you, the service is down: try again in a few minutes.',
      icon: IconPlugConnectedX,
    },
  };

const answer = (p: { httpStatus: number | null; ms: number }) =>
  p.httpStatus === null ? 'no answer' : `HTTP ${p.httpStatus} in ${p.ms} ms`;

function rowsOf(s: StatusSnapshot): Row[] {
  const health = s.health.body;
  const apiUp = s.health.httpStatus === 200 && health?.status === 'ok';
  const ready = s.ready.body;
  const db = ready?.database;
  const m = ready?.migrations;
  const unknown = { state: 'Unknown', color: 'gray' };
  return [
    {
      name: 'API',
      ...(apiUp ? { state: 'Operational', color: 'teal' } : { state: 'Not responding', color: 'red' }),
      detail: apiUp ? `Version ${health.version}, answered in ${s.health.ms} ms` : answer(s.health),
    },
    {
      name: 'Database',
      ...(db === true
        ? { state: 'Connected', color: 'teal' }
        : db === false
          ? { state: 'Unreachable', color: 'red' }
          : unknown),
      detail: ready ? answer(s.ready) : 'The readiness check gave no answer',
    },
    {
      name: 'Migrations',
      ...(!m || db !== true
        ? unknown
        : m.applied >= m.expected
          ? { state: 'Up to date', color: 'teal' }
          : { state: 'Pending', color: 'yellow' }),
      detail:
        m && db === true ? `${m.applied} of ${m.expected} applied` : 'Known once the database can be reached',
    },
  ];
}

// A visitor's own clock: the page is public, with no organization whose zone to use.
const timeOf = (d: Date) => dateTimeFormat('en-PH', { timeStyle: 'medium' }).format(d);

/** /status, public: live health of the API and its database, refreshed every 30 s while visible. */
export function StatusPage() {
  usePageTitle('Status');
  const status = useSystemStatus();
  const snapshot = status.data;
  const overall = snapshot ? OVERALL[overallOf(snapshot)] : null;

  return (
    <Container size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>PlasTrace status</Title>
          <Text c="dimmed">Checked live from this browser against the PlasTrace API.</Text>
        </div>
        <div aria-live="polite">
          {!snapshot && (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text>Checking the service…</Text>
            </Group>
          )}
          {overall && (
            <Alert
              color={overall.color}
              variant="light"
              icon={<overall.icon aria-hidden />}
              title={overall.title}
              role="status"
            >
              {overall.text}
            </Alert>
          )}
        </div>
        {snapshot && (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing="sm" aria-label="Components">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Component</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Details</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rowsOf(snapshot).map((row) => (
                    <Table.Tr key={row.name}>
                      <Table.Th scope="row" fw={500}>
                        {row.name}
                      </Table.Th>
                      <Table.Td>
                        <Badge color={row.color} variant="light">
                          {row.state}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {row.detail}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {snapshot ? `Last checked at ${timeOf(snapshot.checkedAt)}. ` : ''}
            Refreshes every {STATUS_REFRESH_MS / 1000} seconds while this page is open.
          </Text>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={status.isFetching}
            onClick={() => status.refetch()}
          >
            Refresh
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
