import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { memberRoleLabel } from '@plastrace/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDate } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Invitation, type InvitationStatus, useInvitationAction, useInvitations } from './api.ts';
import { invitableRoles } from './permissions.ts';

export const STATUS_COLORS: Record<InvitationStatus, string> = {
  pending: 'blue',
  accepted: 'teal',
  revoked: 'gray',
  expired: 'orange',
};
const STATUS_FILTER = [
  { value: '', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'expired', label: 'Expired' },
  { value: 'revoked', label: 'Revoked' },
];
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Invitations with their state; pending and expired ones can be resent, pending ones revoked. */
export function InvitationsTab() {
  const { role: myRole, timeZone } = useMe();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<InvitationStatus | ''>('pending');
  const invitations = useInvitations({ q, status });
  const action = useInvitationAction();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const { showToast } = useToast();
  const mayAct = (inv: Invitation) => invitableRoles(myRole).includes(inv.role);
  const rows = invitations.data?.pages.flatMap((p) => p.items) ?? [];

  function resend(invitation: Invitation) {
    action.mutate(
      { invitation, action: 'resend' },
      { onSuccess: () => showToast({ message: `A new invitation link was sent to ${invitation.email}.` }) },
    );
  }

  function revoke() {
    if (!revoking) return;
    action.mutate(
      { invitation: revoking, action: 'revoke' },
      {
        onSuccess: () => {
          showToast({ message: `The invitation for ${revoking.email} has been revoked.` });
          setRevoking(null);
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search invitations"
          placeholder="Email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <NativeSelect
          label="Status"
          data={STATUS_FILTER}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as InvitationStatus | '')}
        />
      </Group>
      {!revoking && <ActionError error={action.error} onClose={() => action.reset()} />}

      {invitations.isPending && (
        <Text c="dimmed" role="status">
          Loading invitations…
        </Text>
      )}
      {invitations.isError && (
        <QueryError
          error={invitations.error}
          what="The invitations"
          onRetry={() => invitations.refetch()}
          retrying={invitations.isFetching}
        />
      )}
      {invitations.isSuccess && rows.length === 0 && (
        <Text c="dimmed">{q || status ? 'No invitations match these filters.' : 'No invitations yet.'}</Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing="xs" aria-label="Invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Supplier</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invited by</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((inv) => {
                const busy = action.isPending && action.variables?.invitation.id === inv.id;
                return (
                  <Table.Tr key={inv.id}>
                    <Table.Td>{inv.email}</Table.Td>
                    <Table.Td>{memberRoleLabel(inv.role)}</Table.Td>
                    <Table.Td>{inv.supplierName ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[inv.status]} variant="light">
                        {capitalize(inv.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{inv.invitedByName}</Table.Td>
                    <Table.Td>
                      {inv.status === 'accepted'
                        ? `Accepted ${formatDate(inv.acceptedAt, timeZone)}`
                        : formatDate(inv.expiresAt, timeZone)}
                    </Table.Td>
                    <Table.Td>
                      {mayAct(inv) && (
                        <Group gap={4} wrap="nowrap">
                          {(inv.status === 'pending' || inv.status === 'expired') && (
                            <Button
                              size="xs"
                              variant="subtle"
                              loading={busy && action.variables?.action === 'resend'}
                              onClick={() => resend(inv)}
                              aria-label={`Resend invitation to ${inv.email}`}
                            >
                              Resend
                            </Button>
                          )}
                          {inv.status === 'pending' && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() => {
                                action.reset();
                                setRevoking(inv);
                              }}
                              aria-label={`Revoke invitation to ${inv.email}`}
                            >
                              Revoke
                            </Button>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore
        hasNextPage={invitations.hasNextPage}
        isFetchingNextPage={invitations.isFetchingNextPage}
        fetchNextPage={invitations.fetchNextPage}
      />

      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke invitation?"
        confirmLabel="Revoke"
        loading={action.isPending}
        error={action.error}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      >
        {revoking && `The link sent to ${revoking.email} will stop working. You can invite them again later.`}
      </ConfirmDialog>
    </Stack>
  );
}
