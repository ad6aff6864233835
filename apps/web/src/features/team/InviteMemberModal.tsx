import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type MemberRole, memberRoleLabel } from '@plastrace/shared';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type SupplierOption, useInvite } from './api.ts';
import { ROLE_SUMMARIES } from './roleSummaries.ts';
import { SupplierPicker } from './SupplierPicker.tsx';

interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
  /** The roles the signed-in member may invite (never empty when the modal can open). */
  roles: MemberRole[];
  onInvited?: () => void;
}

type FieldErrors = { email?: string; role?: string; supplierId?: string };
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateInvite(
  email: string,
  role: MemberRole,
  supplier: SupplierOption | null,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_SHAPE.test(email.trim())) errors.email = 'Enter a valid email address';
  if (role === 'supplier' && !supplier) errors.supplierId = 'Choose the supplier this member belongs to';
  return errors;
}

/** 'Invite member': the invitee gets an email link valid for 7 days. */
export function InviteMemberModal({ opened, onClose, roles, onInvited }: InviteMemberModalProps) {
  const defaultRole: MemberRole = roles.includes('operator') ? 'operator' : (roles[0] ?? 'operator');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(defaultRole);
  const [supplier, setSupplier] = useState<SupplierOption | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useInvite();
  const { showToast } = useToast();

  function close() {
    setEmail('');
    setRole(defaultRole);
    setSupplier(null);
    setErrors({});
    invite.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.reset();
    const found = validateInvite(email, role, supplier);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const address = email.trim().toLowerCase();
    invite.mutate(
      { email: address, role, supplierId: role === 'supplier' ? (supplier?.id ?? null) : null },
      {
        onSuccess: () => {
          showToast({ message: `Invitation sent to ${address}.` });
          onInvited?.();
          close();
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  }

  const fieldLevel = Object.keys(fieldErrorsOf(invite.error)).length > 0;
  return (
    <Modal opened={opened} onClose={close} title="Invite member" centered>
      <form onSubmit={handleSubmit} noValidate aria-label="Invite member">
        <Stack gap="sm">
          {!fieldLevel && <ActionError error={invite.error} />}
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            data-autofocus
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <NativeSelect
            label="Role"
            required
            value={role}
            error={errors.role}
            data={roles.map((r) => ({ value: r, label: memberRoleLabel(r) }))}
            onChange={(e) => {
              setRole(e.currentTarget.value as MemberRole);
              setErrors((current) => ({ ...current, supplierId: undefined }));
            }}
          />
          <Text size="xs" c="dimmed">
            {ROLE_SUMMARIES[role]}
          </Text>
          {role === 'supplier' && (
            <SupplierPicker value={supplier} onChange={setSupplier} error={errors.supplierId} />
          )}
          <Text size="xs" c="dimmed">
            The invitation link works once and expires after 7 days. You can resend it from the Invitations
            tab.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
