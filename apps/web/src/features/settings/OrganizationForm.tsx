import { Alert, Button, Group, NativeSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { CURRENCIES, organizationUpdateSchema } from '@plastrace/shared';
import { isConflict, wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { nullWhenBlank, typed, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Organization, useUpdateOrganization } from './api.ts';
import { timeZoneOptions } from './timeZones.ts';

const wire = organizationUpdateSchema.shape;
/** `PATCH /api/organization`'s own body schema, with the production settings held as typed text. */
const formSchema = organizationUpdateSchema.extend({
  mass_balance_tolerance_pct: typed(wire.mass_balance_tolerance_pct.unwrap()),
  // Empty: no tariff, and production leaves energy out of output values.
  electricity_tariff_php: nullWhenBlank(wire.electricity_tariff_php.unwrap()),
  weighing_tolerance_pct: typed(wire.weighing_tolerance_pct.unwrap()),
});

interface OrganizationFormProps {
  organization: Organization;
  /** Fetches the current settings after a conflict (the form is keyed by version, so it resets). */
  onReload: () => void;
}

export function OrganizationForm({ organization: org, onReload }: OrganizationFormProps) {
  // `PATCH /api/organization`'s own body schema: the same rules and words as the server.
  const form = useSchemaForm(formSchema, {
    name: org.name,
    default_currency: org.defaultCurrency,
    time_zone: org.timeZone,
    epr_license: org.eprLicense ?? '',
    mass_balance_tolerance_pct: org.massBalanceTolerancePct,
    electricity_tariff_php: org.electricityTariffPhp ?? '',
    weighing_tolerance_pct: org.weighingTolerancePct,
    gs1_company_prefix: org.gs1CompanyPrefix ?? '',
    version: org.version,
  });
  const update = useUpdateOrganization();
  const { showToast } = useToast();

  const submit = form.onSubmit((values) => {
    const body = formSchema.parse(values);
    // mutateAsync: a save gives the form a new key (version), and the callbacks of mutate() would
    // not run for the unmounted form.
    update
      .mutateAsync({
        name: body.name,
        defaultCurrency: body.default_currency,
        timeZone: body.time_zone,
        eprLicense: body.epr_license || null,
        massBalanceTolerancePct: body.mass_balance_tolerance_pct,
        electricityTariffPhp: body.electricity_tariff_php ?? null,
        weighingTolerancePct: body.weighing_tolerance_pct,
        gs1CompanyPrefix: body.gs1_company_prefix ?? null,
        version: body.version,
      })
      .then(
        () => showToast({ message: 'The organization settings have been saved.' }),
        (error: unknown) => form.setErrors(wireFieldErrorsOf(error)),
      );
  });

  // The field errors already say what is wrong; the banner is for everything else.
  const fieldLevel = Object.keys(wireFieldErrorsOf(update.error)).length > 0;
  return (
    <form onSubmit={submit} noValidate aria-label="Organization settings">
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
          !fieldLevel && <ActionError error={update.error} />
        )}
        <TextInput label="Organization name" required {...form.getInputProps('name')} />
        <Text size="sm">
          Country: <strong>{org.country}</strong>
        </Text>
        <NativeSelect
          label="Default currency"
          description="For prices and amounts of new records. The activity log is always in PHP."
          data={[...CURRENCIES]}
          {...form.getInputProps('default_currency')}
        />
        <Select
          label="Time zone"
          description="Dates and times across the app are shown in this zone."
          searchable
          required
          allowDeselect={false}
          data={timeZoneOptions(form.values.time_zone)}
          {...form.getInputProps('time_zone')}
          limit={100}
          nothingFoundMessage="No time zone matches"
        />
        <TextInput
          label="EPR licence"
          description="Your registration under the EPR Act (RA 11898), if you have one."
          {...form.getInputProps('epr_license')}
        />
        <TextInput
          label="Mass balance tolerance (%)"
          description="A production run posts when its inputs and its outputs plus losses differ by at most this share of the inputs (ISCC PLUS allows 0.5 %)."
          inputMode="decimal"
          {...form.getInputProps('mass_balance_tolerance_pct')}
        />
        <TextInput
          label="Electricity tariff (PHP per kWh)"
          description="Values the energy of production runs into their output lots. Leave empty to leave energy out."
          inputMode="decimal"
          {...form.getInputProps('electricity_tariff_php')}
        />
        <TextInput
          label="Weighing tolerance (%)"
          description="A dispatch’s lots may differ from the weighbridge’s net weight, and a delivery from what was shipped, by at most this share before posting is refused or a discrepancy opens."
          inputMode="decimal"
          {...form.getInputProps('weighing_tolerance_pct')}
        />
        <TextInput
          label="GS1 company prefix"
          description="Your GS1 company prefix, if your organization is a GS1 member: materials’ GTINs must start with it (after the first digit), and your lots’ GS1 Digital Links, labels and EPCIS events name them by those GTINs. 6 to 12 digits; leave empty if you are not a member."
          inputMode="numeric"
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('gs1_company_prefix')}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
