import {
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  complianceProfileFieldsSchema,
  ENTERPRISE_KIND_LABELS,
  ENTERPRISE_KINDS,
  formatPhp,
  obligedKindRule,
} from '@plastrace/shared';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionError } from '../../components/common/QueryError.tsx';
import { nullWhenBlank, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useCan } from '../../components/common/useMe.ts';
import { Section } from '../mass-balance/Sections.tsx';
import { type Profile, useSaveProfile } from './api.ts';

const wire = complianceProfileFieldsSchema.shape;
/** `PUT /api/compliance/profile`'s body, with the figures held as typed text (empty: none). */
const formSchema = complianceProfileFieldsSchema
  .extend({
    total_assets_php: nullWhenBlank(wire.total_assets_php.unwrap()),
    recovery_cost_php_per_kg: nullWhenBlank(wire.recovery_cost_php_per_kg.unwrap()),
  })
  .refine(obligedKindRule.check, { path: obligedKindRule.path, message: obligedKindRule.message });

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** The organization's RA 11898 standing, and its form for the office. */
export function ProfileCard({ profile: p }: { profile: Profile }) {
  const mayManage = useCan('compliance.manage');
  const [editing, setEditing] = useState(false);
  return (
    <Section title="Compliance profile" note={p.hint}>
      {!p.configured && (
        <Text size="sm" role="status">
          Not set up yet: the organization counts as not obliged until it declares its standing.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Fact label="Obliged under RA 11898" value={p.obliged ? 'Yes' : 'No'} />
        <Fact label="Kind of enterprise" value={ENTERPRISE_KIND_LABELS[p.enterpriseKind]} />
        <Fact label="Total assets (land excluded)" value={formatPhp(p.totalAssetsPhp)} />
        <Fact label="NSWMC registration" value={p.registrationNo ?? '—'} />
        <Fact
          label="Recovery cost per kg"
          value={p.recoveryCostPhpPerKg ? `${formatPhp(p.recoveryCostPhpPerKg)}/kg` : 'not entered'}
        />
      </SimpleGrid>
      {mayManage && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {p.configured ? 'Edit profile' : 'Set up profile'}
          </Button>
        </Group>
      )}
      {/* Keyed by version: a saved profile starts the form afresh from what the server holds. */}
      <ProfileDialog key={p.version} profile={p} opened={editing} onClose={() => setEditing(false)} />
    </Section>
  );
}

function ProfileDialog({
  profile: p,
  opened,
  onClose,
}: {
  profile: Profile;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useSaveProfile();
  const form = useSchemaForm(formSchema, {
    obliged: p.obliged,
    enterprise_kind: p.enterpriseKind,
    total_assets_php: p.totalAssetsPhp ?? '',
    registration_no: p.registrationNo ?? '',
    recovery_cost_php_per_kg: p.recoveryCostPhpPerKg ?? '',
    version: p.version,
  });
  const fieldLevel = Object.keys(useDialogFormErrors(form, opened, save.error)).length > 0;
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Compliance profile" centered>
      <form
        noValidate
        aria-label="Compliance profile"
        onSubmit={form.onSubmit((values) => {
          const body = formSchema.parse(values);
          save.mutate(body, { onSuccess: close });
        })}
      >
        <Stack gap="sm">
          {!fieldLevel && <ActionError error={save.error} />}
          <Checkbox
            label="Obliged enterprise under RA 11898"
            description="Total assets above PHP 100 million (land excluded) make an enterprise obliged; the organization declares it."
            {...form.getInputProps('obliged', { type: 'checkbox' })}
          />
          <NativeSelect
            label="Kind of enterprise"
            data={ENTERPRISE_KINDS.map((k) => ({ value: k, label: ENTERPRISE_KIND_LABELS[k] }))}
            {...form.getInputProps('enterprise_kind')}
          />
          <TextInput
            label="Total assets (PHP, land excluded)"
            inputMode="decimal"
            {...form.getInputProps('total_assets_php')}
          />
          <TextInput label="NSWMC registration number" {...form.getInputProps('registration_no')} />
          <TextInput
            label="Recovery cost (PHP per kg)"
            description="What recovering a kilogram costs you: the fine compares twice the cost of recovering the shortfall."
            inputMode="decimal"
            {...form.getInputProps('recovery_cost_php_per_kg')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
