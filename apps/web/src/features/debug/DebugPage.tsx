import { Alert, Button, CopyButton, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconPalette, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { snakeKeys } from '../../api/caseConvert.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type Debug, useDebug } from './api.ts';
import {
  BuildCard,
  ConfigurationCard,
  DatabaseCard,
  MailCard,
  MigrationsCard,
  RecordLogCard,
} from './DebugSections.tsx';
import { problemsOf } from './problems.ts';

const TITLE = 'Admin tools';

/** /debug: what support asks for first — version, configuration, database, migrations and queues. */
export function DebugPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="debug.read" title={TITLE}>
      <DebugView />
    </RequirePermission>
  );
}

/** The answer as the API sent it (snake_case), for pasting into a support ticket. */
const asJson = (d: Debug) => JSON.stringify(snakeKeys(d), null, 2);

function DebugView() {
  const { timeZone } = useMe();
  const debug = useDebug();
  const d = debug.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="This installation’s version, configuration, database and queues: what support asks for first."
        actions={
          <>
            <Button
              component={Link}
              to="/debug-gradients"
              variant="default"
              leftSection={<IconPalette size={16} aria-hidden />}
            >
              Colours and gradients
            </Button>
            <CopyButton value={d ? asJson(d) : ''}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  disabled={!d}
                  onClick={copy}
                  leftSection={<IconCopy size={16} aria-hidden />}
                >
                  {copied ? 'Copied' : 'Copy as JSON'}
                </Button>
              )}
            </CopyButton>
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={debug.isFetching}
              onClick={() => debug.refetch()}
            >
              Refresh
            </Button>
          </>
        }
      />
      {debug.isError && (
        <QueryError
          error={debug.error}
          what={d ? 'The latest figures' : 'The admin tools'}
          onRetry={() => debug.refetch()}
          retrying={debug.isFetching}
        />
      )}
      {debug.isPending && (
        <Text c="dimmed" role="status">
          Loading the installation’s figures…
        </Text>
      )}
      {d && <Loaded d={d} timeZone={timeZone} />}
    </Stack>
  );
}

function Loaded({ d, timeZone }: { d: Debug; timeZone: string }) {
  const problems = problemsOf(d);
  return (
    <>
      <Text size="sm" c="dimmed" role="status">
        Read {formatDateTime(d.generatedAt, timeZone)}.{' '}
        {problems.length === 0 ? 'Nothing needs attention.' : ''}
      </Text>
      {!d.operator && (
        <Alert color="blue" title="Installation details are for its operators">
          The configuration, the database, the mail outbox and every organization’s queue are shown to the
          people who run this installation (the addresses in OPERATOR_EMAILS). Here: the build, the migrations
          and this organization’s entries.
        </Alert>
      )}
      {problems.map((p) => (
        <Alert key={p.title} color="orange" title={p.title}>
          {p.text}
        </Alert>
      ))}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <BuildCard d={d} timeZone={timeZone} />
        <DatabaseCard d={d} />
        <MigrationsCard d={d} />
        <MailCard d={d} timeZone={timeZone} />
        <RecordLogCard d={d} timeZone={timeZone} />
      </SimpleGrid>
      <ConfigurationCard d={d} />
    </>
  );
}
