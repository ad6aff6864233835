import { Badge, Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { MEMBER_ROLES, type MemberRole, memberRoleLabel } from '@plastrace/shared';
import { formatDateTime } from '../../components/common/format.ts';
import type { Member } from './api.ts';

const ROLE_OPTIONS = MEMBER_ROLES.map((r) => ({ value: r, label: memberRoleLabel(r) }));

interface MemberRowProps {
  member: Member;
  isSelf: boolean;
  canManage: boolean;
  timeZone: string;
  roleBusy: boolean;
  onRoleChange: (role: MemberRole) => void;
  onToggleActive: () => void;
}

export function MemberRow({
  member,
  isSelf,
  canManage,
  timeZone,
  roleBusy,
  onRoleChange,
  onToggleActive,
}: MemberRowProps) {
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  // The server refuses changing one's own role or status; the controls say so up front.
  const editable = canManage && !isSelf && member.status === 'active';
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {name}
          </Text>
          {isSelf && (
            <Badge size="xs" variant="light">
              You
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{member.email}</Text>
      </Table.Td>
      <Table.Td>
        {editable ? (
          <NativeSelect
            size="xs"
            aria-label={`Role of ${name}`}
            data={ROLE_OPTIONS}
            value={member.role}
            disabled={roleBusy}
            onChange={(e) => onRoleChange(e.currentTarget.value as MemberRole)}
          />
        ) : (
          <Text size="sm">{memberRoleLabel(member.role)}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={member.status === 'active' ? 'teal' : 'gray'} variant="light">
          {member.status === 'active' ? 'Active' : 'Deactivated'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{member.supplierName ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{member.lastSignInAt ? formatDateTime(member.lastSignInAt, timeZone) : 'Never'}</Text>
      </Table.Td>
      {canManage && (
        <Table.Td>
          {!isSelf && (
            <Button
              size="xs"
              variant="subtle"
              color={member.status === 'active' ? 'red' : 'teal'}
              onClick={onToggleActive}
              aria-label={`${member.status === 'active' ? 'Deactivate' : 'Reactivate'} ${name}`}
            >
              {member.status === 'active' ? 'Deactivate' : 'Reactivate'}
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}
