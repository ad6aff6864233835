import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { API_KEY_SCOPE_LABELS } from '@plastrace/shared';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type ApiKey, useApiKeys, useRevokeApiKey } from './api.ts';
import { IssueKeyDialog } from './IssueKeyDialog.tsx';

/** The organization's API keys (administrators only): issue, and revoke with a confirmation. */
export function ApiKeysTab() {
  const phone = usePhone();
  const { timeZone } = useMe();
  const list = useApiKeys(true);
  const revoke = useRevokeApiKey();
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const { showToast } = useToast();
  const keys = list.data?.pages.flatMap((p) => p.items) ?? [];
  const issueButton = (label: string) => (
    <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setIssuing(true)}>
      {label}
    </Button>
  );
  const scopes = (k: ApiKey) => k.scopes.map((s) => API_KEY_SCOPE_LABELS[s]).join(', ');
  const state = (k: ApiKey) =>
    k.revokedAt ? (
      <Badge color="gray" variant="light">
        Revoked
      </Badge>
    ) : k.issuerDeactivated ? (
      // The key acts as the member who issued it: it stopped working when they left. Issue another.
      <Badge color="orange" variant="light" title="Its issuer was deactivated: revoke it and issue another">
        Issuer deactivated
      </Badge>
    ) : (
      <Badge color="teal" variant="light">
        Active
      </Badge>
    );
  const revokeButton = (k: ApiKey) =>
    !k.revokedAt && (
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => setRevoking(k)}
        aria-label={`Revoke ${k.name}`}
      >
        Revoke
      </Button>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          Machines authenticate with a key in the <Code>x-api-key</Code> header: a device’s key sends its
          readings, a read key lets a system such as an ERP read what an auditor may.
        </Text>
        {keys.length > 0 && issueButton('Issue a key')}
      </Group>
      <QueryStatus query={list} what="The API keys" loading="Loading API keys…" />
      {list.isSuccess && keys.length === 0 && (
        <EmptyState title="No API keys yet" action={issueButton('Issue the first key')}>
          A key lets a scale, meter or tracker send readings without a person signing in, or an ERP read your
          records. Its secret is shown once, when you issue it.
        </EmptyState>
      )}
      {keys.length > 0 &&
        (phone ? (
          <CardList label="API keys" items={keys} keyOf={(k) => k.id}>
            {(k) => (
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text fw={600}>{k.name}</Text>
                  {state(k)}
                </Group>
                <Text size="sm">
                  <Code>{k.prefix}…</Code> · {scopes(k)}
                  {k.device ? ` · ${k.device.code}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  Last used {formatDateTime(k.lastUsedAt, timeZone)}
                </Text>
                {revokeButton(k)}
              </Stack>
            )}
          </CardList>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="xs" aria-label="API keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>May</Table.Th>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Issued</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.map((k) => (
                  <Table.Tr key={k.id}>
                    <Table.Td>{k.name}</Table.Td>
                    <Table.Td>
                      <Code>{k.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>{scopes(k)}</Table.Td>
                    <Table.Td>{k.device ? `${k.device.code} · ${k.device.name}` : '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(k.createdAt, timeZone)}</Text>
                      <Text size="xs" c="dimmed">
                        by {k.createdBy.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(k.lastUsedAt, timeZone)}</Table.Td>
                    <Table.Td>{state(k)}</Table.Td>
                    <Table.Td>{revokeButton(k)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
      <IssueKeyDialog opened={issuing} onClose={() => setIssuing(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={`Revoke ${revoking?.name ?? 'the key'}?`}
        confirmLabel="Revoke"
        loading={revoke.isPending}
        error={revoke.error}
        onClose={() => {
          revoke.reset();
          setRevoking(null);
        }}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: (k) => {
              showToast({ message: `${k.name} has been revoked.` });
              setRevoking(null);
            },
          })
        }
      >
        Whatever uses this key is refused from its next request. This cannot be undone: issue a new key if it
        is needed again.
      </ConfirmDialog>
    </Stack>
  );
}
