import { Alert, Button, Group, NativeSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { CURRENCIES, type Currency } from '@plastrace/shared';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, isConflict } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Organization, useUpdateOrganization } from './api.ts';
import { timeZoneOptions } from './timeZones.ts';

interface Values {
  name: string;
  defaultCurrency: Currency;
  timeZone: string;
  eprLicense: string;
}
type FieldErrors = Partial<Record<keyof Values, string>>;

interface OrganizationFormProps {
  organization: Organization;
  /** Fetches the current settings after a conflict (the form is keyed by version, so it resets). */
  onReload: () => void;
}

export function OrganizationForm({ organization: org, onReload }: OrganizationFormProps) {
  const initial: Values = {
    name: org.name,
    defaultCurrency: org.defaultCurrency,
    timeZone: org.timeZone,
    eprLicense: org.eprLicense ?? '',
  };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateOrganization();
  const { showToast } = useToast();
  const dirty = (Object.keys(initial) as (keyof Values)[]).some((k) => values[k] !== initial[k]);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!values.name.trim()) found.name = 'Organization name is required';
    if (!values.timeZone) found.timeZone = 'Choose a time zone';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // mutateAsync: a save gives the form a new key (version), and the callbacks of mutate() would
    // not run for the unmounted form.
    update
      .mutateAsync({
        name: values.name.trim(),
        defaultCurrency: values.defaultCurrency,
        timeZone: values.timeZone,
        eprLicense: values.eprLicense.trim() || null,
        version: org.version,
      })
      .then(
        () => showToast({ message: 'The organization settings have been saved.' }),
        (error: unknown) => setErrors(fieldErrorsOf(error)),
      );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Organization settings">
      <Stack gap="sm" maw={520}>
        {isConflict(update.error) ? (
          <Alert color="yellow" role="alert" title="These settings were changed by someone else">
            <Text size="sm" mb="xs">
              {update.error.message} Your edits will be replaced by the current settings.
            </Text>
            <Button size="xs" variant="outline" color="yellow" onClick={onReload}>
              Reload settings
            </Button>
          </Alert>
        ) : (
          <ActionError error={update.error} />
        )}
        <TextInput
          label="Organization name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Text size="sm">
          Country: <strong>{org.country}</strong>
        </Text>
        <NativeSelect
          label="Default currency"
          description="For prices and amounts of new records. The activity log is always in PHP."
          data={[...CURRENCIES]}
          value={values.defaultCurrency}
          error={errors.defaultCurrency}
          onChange={(e) => set({ defaultCurrency: e.currentTarget.value as Currency })}
        />
        <Select
          label="Time zone"
          description="Dates and times across the app are shown in this zone."
          searchable
          required
          allowDeselect={false}
          data={timeZoneOptions(values.timeZone)}
          value={values.timeZone}
          error={errors.timeZone}
          limit={100}
          nothingFoundMessage="No time zone matches"
          onChange={(zone) => set({ timeZone: zone ?? '' })}
        />
        <TextInput
          label="EPR licence"
          description="Your registration under the EPR Act (RA 11898), if you have one."
          value={values.eprLicense}
          error={errors.eprLicense}
          onChange={(e) => set({ eprLicense: e.currentTarget.value })}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!dirty}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
