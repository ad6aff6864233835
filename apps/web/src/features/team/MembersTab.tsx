import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MEMBER_ROLES, type MemberRole, memberRoleLabel } from '@plastrace/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { isConflict } from '../../components/common/apiErrors.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Member, useChangeRole, useMembers, useSetMemberActive } from './api.ts';
import { MemberRow } from './MemberRow.tsx';

const ROLE_FILTER = [
  { value: '', label: 'All roles' },
  ...MEMBER_ROLES.map((r) => ({ value: r, label: memberRoleLabel(r) })),
];
const STATUS_FILTER = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

/** The members table; administrators change roles and deactivate or reactivate members here. */
export function MembersTab() {
  const { me, timeZone } = useMe();
  const canManage = useCan('members.manage');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState<MemberRole | ''>('');
  const [status, setStatus] = useState<Member['status'] | ''>('active');
  const members = useMembers({ q, role, status });
  const changeRole = useChangeRole();
  const setActive = useSetMemberActive();
  const [confirm, setConfirm] = useState<{ member: Member; active: boolean } | null>(null);
  const { showToast } = useToast();
  const rows = members.data?.pages.flatMap((p) => p.items) ?? [];

  function onRoleChange(member: Member, next: MemberRole) {
    changeRole.mutate(
      { member, role: next },
      {
        onSuccess: (saved) =>
          showToast({
            message: `${saved.firstName} ${saved.lastName} is now ${memberRoleLabel(saved.role)}.`,
          }),
      },
    );
  }

  function onConfirm() {
    if (!confirm) return;
    setActive.mutate(confirm, {
      onSuccess: (saved) => {
        setConfirm(null);
        showToast({
          message: `${saved.firstName} ${saved.lastName} has been ${confirm.active ? 'reactivated' : 'deactivated'}.`,
        });
      },
    });
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search members"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <NativeSelect
          label="Role"
          data={ROLE_FILTER}
          value={role}
          onChange={(e) => setRole(e.currentTarget.value as MemberRole | '')}
        />
        <NativeSelect
          label="Status"
          data={STATUS_FILTER}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as Member['status'] | '')}
        />
      </Group>

      {isConflict(changeRole.error) ? (
        <Alert color="yellow" role="alert" title="This member was changed by someone else">
          <Text size="sm" mb="xs">
            {changeRole.error.message} The list has the latest roles once reloaded.
          </Text>
          <Button
            size="xs"
            variant="outline"
            color="yellow"
            onClick={() => {
              changeRole.reset();
              void members.refetch();
            }}
          >
            Reload members
          </Button>
        </Alert>
      ) : (
        <ActionError error={changeRole.error} onClose={() => changeRole.reset()} />
      )}

      {members.isPending && (
        <Text c="dimmed" role="status">
          Loading members…
        </Text>
      )}
      {members.isError && (
        <QueryError
          error={members.error}
          what="The members"
          onRetry={() => members.refetch()}
          retrying={members.isFetching}
        />
      )}
      {members.isSuccess && rows.length === 0 && (
        <Text c="dimmed">{q || role || status ? 'No members match these filters.' : 'No members yet.'}</Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing="xs" aria-label="Members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Supplier</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                {canManage && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  isSelf={member.userId === me?.id}
                  canManage={canManage}
                  timeZone={timeZone}
                  roleBusy={changeRole.isPending && changeRole.variables?.member.id === member.id}
                  onRoleChange={(next) => onRoleChange(member, next)}
                  onToggleActive={() => {
                    setActive.reset();
                    setConfirm({ member, active: member.status !== 'active' });
                  }}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore
        hasNextPage={members.hasNextPage}
        isFetchingNextPage={members.isFetchingNextPage}
        fetchNextPage={members.fetchNextPage}
      />

      <ConfirmDialog
        opened={confirm !== null}
        title={confirm?.active ? 'Reactivate member?' : 'Deactivate member?'}
        confirmLabel={confirm?.active ? 'Reactivate' : 'Deactivate'}
        color={confirm?.active ? 'teal' : 'red'}
        loading={setActive.isPending}
        error={setActive.error}
        onConfirm={onConfirm}
        onClose={() => setConfirm(null)}
      >
        {confirm &&
          (confirm.active
            ? `${confirm.member.firstName} ${confirm.member.lastName} will be able to sign in again with their current role.`
            : `${confirm.member.firstName} ${confirm.member.lastName} will be signed out everywhere and can no longer sign in. Their records and activity are kept.`)}
      </ConfirmDialog>
    </Stack>
  );
}
