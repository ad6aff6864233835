import { Badge, Code, DataList, List, Paper, Table, Text, Title } from '@mantine/core';
import { formatCount } from '@plastrace/shared';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/common/format.ts';
import type { Debug } from './api.ts';
import { formatAge, formatBytes } from './figures.ts';

/** A titled card; its heading names the region for screen readers. */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md">
      <Title order={2} id={id} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <DataList labelWidth="190px">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

const orNone = (value: string | null) => value ?? <Text c="dimmed">not set</Text>;

export function BuildCard({ d, timeZone }: { d: Debug; timeZone: string }) {
  return (
    <Card id="debug-build" title="Version and build">
      <Facts
        rows={[
          ['API version', d.version],
          ['Commit', orNone(d.build.commit)],
          ['Node.js', d.build.nodeVersion],
          ['NODE_ENV', orNone(d.build.environment)],
          ['Started', formatDateTime(d.build.startedAt, timeZone)],
          ['Up for', formatAge(d.build.uptimeS)],
        ]}
      />
    </Card>
  );
}

export function DatabaseCard({ d }: { d: Debug }) {
  if (!d.database) return null;
  const { pool } = d.database;
  return (
    <Card id="debug-database" title="Database">
      <Facts
        rows={[
          [
            'PostgreSQL',
            `${d.database.serverVersion}, ${d.database.mode === 'embedded' ? 'embedded (in DATA_DIR)' : 'external (DATABASE_URL)'}`,
          ],
          ['Database', d.database.name],
          ['Size', formatBytes(d.database.sizeBytes)],
          [
            'Connections',
            `${formatCount(pool.open)} open of ${formatCount(pool.max)}, ${formatCount(pool.idle)} idle, ${formatCount(pool.waiting)} waiting`,
          ],
        ]}
      />
    </Card>
  );
}

export function MigrationsCard({ d }: { d: Debug }) {
  const m = d.migrations;
  const ready = m.status === 'ready';
  return (
    <Card id="debug-migrations" title="Migrations">
      <Facts
        rows={[
          [
            'Status',
            <Badge key="status" color={ready ? 'green' : 'red'}>
              {ready ? 'Up to date' : 'Not ready'}
            </Badge>,
          ],
          ['Applied', `${formatCount(m.applied)} of ${formatCount(m.expected)}`],
          ['Pending', m.pending.length ? m.pending.join(', ') : 'none'],
          ['Latest', m.items.at(-1)?.name ?? '—'],
        ]}
      />
      <details>
        <summary>
          <Text component="span" size="sm">
            Every migration of this build ({m.items.length})
          </Text>
        </summary>
        <List size="sm" mt="xs" aria-label="Migrations">
          {m.items.map((item) => (
            <List.Item key={item.name}>
              <Code>{item.name}</Code> {item.applied ? 'applied' : <strong>pending</strong>}
            </List.Item>
          ))}
        </List>
      </details>
    </Card>
  );
}

export function MailCard({ d, timeZone }: { d: Debug; timeZone: string }) {
  const m = d.mail;
  if (!m) return null;
  return (
    <Card id="debug-mail" title="Mail outbox">
      <Facts
        rows={[
          ['Sends by', m.transport === 'smtp' ? 'SMTP (SMTP_URL)' : 'the server log (no SMTP_URL)'],
          ['Unsent', formatCount(m.unsent)],
          ['Failed at least once', formatCount(m.failing)],
          ['Sent in the last 24 h', formatCount(m.sentLastDay)],
          [
            'Oldest unsent',
            m.oldestUnsentAt
              ? `${formatDateTime(m.oldestUnsentAt, timeZone)} (${formatAge(m.oldestUnsentAgeS)} ago)`
              : '—',
          ],
        ]}
      />
    </Card>
  );
}

export function RecordLogCard({ d, timeZone }: { d: Debug; timeZone: string }) {
  const r = d.recordLog;
  return (
    <Card id="debug-record-log" title="Record log queue">
      <Facts
        rows={[
          ...(r.pending === null
            ? ([['This organization’s entries waiting', formatCount(r.organizationPending)]] as [
                string,
                string,
              ][])
            : ([
                ['Waiting for the sequencer', formatCount(r.pending)],
                ['Of them, this organization’s', formatCount(r.organizationPending)],
              ] as [string, string][])),
          [
            'Oldest waiting',
            r.oldestPendingAt
              ? `${formatDateTime(r.oldestPendingAt, timeZone)} (${formatAge(r.oldestPendingAgeS)} ago)`
              : '—',
          ],
        ]}
      />
    </Card>
  );
}

export function ConfigurationCard({ d }: { d: Debug }) {
  if (!d.configuration) return null;
  return (
    <Card id="debug-configuration" title="Configuration">
      <Text size="sm" c="dimmed" mb="sm">
        The environment this process started with. Passwords and keys are never sent here: only whether they
        are set.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" aria-label="Configuration">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Setting</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>What it is</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.configuration.map((s) => (
              <Table.Tr key={s.name}>
                <Table.Td>
                  <Code>{s.name}</Code>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {s.secret ? (
                    <Text size="sm" component="span">
                      <IconLock size={14} aria-hidden /> {s.value}
                    </Text>
                  ) : (
                    orNone(s.value)
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.description}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
