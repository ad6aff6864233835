import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { invitationCreateSchema, type MemberRole, memberRoleLabel } from '@plastrace/shared';
import { useState } from 'react';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
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

/** 'Invite member': the invitee gets an email link valid for 7 days. */
export function InviteMemberModal({ opened, onClose, roles, onInvited }: InviteMemberModalProps) {
  const defaultRole: MemberRole = roles.includes('operator') ? 'operator' : (roles[0] ?? 'operator');
  // `POST /api/invitations`' own body schema: the same rules and words as the server.
  const form = useSchemaForm(invitationCreateSchema, {
    email: '',
    role: defaultRole,
    supplier_id: null,
  });
  // The chosen supplier itself, so the picker can show its name; the form holds its id.
  const [supplier, setSupplier] = useState<SupplierOption | null>(null);
  const invite = useInvite();
  const { showToast } = useToast();
  const role = form.values.role;

  function close() {
    form.reset();
    setSupplier(null);
    invite.reset();
    onClose();
  }

  const submit = form.onSubmit((values) => {
    invite.reset();
    const body = invitationCreateSchema.parse(values);
    invite.mutate(
      {
        email: body.email,
        role: body.role,
        supplierId: body.role === 'supplier' ? (body.supplier_id ?? null) : null,
      },
      {
        onSuccess: () => {
          showToast({ message: `Invitation sent to ${body.email}.` });
          onInvited?.();
          close();
        },
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
      },
    );
  });

  const fieldLevel = Object.keys(wireFieldErrorsOf(invite.error)).length > 0;
  const roleInput = form.getInputProps('role');
  return (
    <Modal opened={opened} onClose={close} title="Invite member" centered>
      <form onSubmit={submit} noValidate aria-label="Invite member">
        <Stack gap="sm">
          {!fieldLevel && <ActionError error={invite.error} />}
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('email')}
          />
          <NativeSelect
            label="Role"
            required
            {...roleInput}
            data={roles.map((r) => ({ value: r, label: memberRoleLabel(r) }))}
            onChange={(event) => {
              roleInput.onChange(event);
              // The supplier is asked for only with the supplier role; its message goes with the role.
              form.clearFieldError('supplier_id');
            }}
          />
          <Text size="xs" c="dimmed">
            {ROLE_SUMMARIES[role]}
          </Text>
          {role === 'supplier' && (
            <SupplierPicker
              value={supplier}
              onChange={(chosen) => {
                setSupplier(chosen);
                form.setFieldValue('supplier_id', chosen?.id ?? null);
              }}
              error={form.getInputProps('supplier_id').error}
            />
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
