import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { MAX_PASSPORT_CERTIFICATES, type PassportDetails, passportDetailsSchema } from '@plastrace/shared';
import { useEffect } from 'react';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { FormRow, RowSection } from '../../components/common/FormRows.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { type Passport, useSaveDetails } from './api.ts';

const blank = { name: '', issuer: '', number: '', valid_until: '', url: '' };

/** The passport's own words (certificates, notes, recycling), checked by the server's schema. */
export function DetailsForm({ passport, disabled }: { passport: Passport; disabled: boolean }) {
  const save = useSaveDetails(passport.id);
  const d = passport.details;
  const form = useSchemaForm(passportDetailsSchema, {
    certificates: d.certificates.map((c) => ({
      name: c.name,
      issuer: c.issuer,
      number: c.number ?? '',
      valid_until: c.validUntil ?? '',
      url: c.url ?? '',
    })),
    notes: d.notes ?? '',
    recycling_instructions: d.recyclingInstructions ?? '',
  });
  const fieldErrors = save.isError ? wireFieldErrorsOf(save.error) : {};
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new refusal sets the fields' errors.
  useEffect(() => {
    if (Object.keys(fieldErrors).length)
      form.setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors).map(([k, v]) => [k.replace(/^body\.details\./, ''), v]),
        ),
      );
  }, [save.error]);
  const certificates = form.values.certificates as (typeof blank)[];

  return (
    <form
      aria-label="Passport details"
      onSubmit={form.onSubmit((values) => {
        const details: PassportDetails = passportDetailsSchema.parse({
          ...values,
          certificates: (values.certificates as (typeof blank)[]).map((c) => ({
            ...c,
            valid_until: c.valid_until || null,
          })),
        });
        save.mutate({ details, version: passport.version });
      })}
    >
      <Stack gap="sm">
        <RowSection
          title="Certificates"
          add="Add certificate"
          onAdd={() =>
            certificates.length < MAX_PASSPORT_CERTIFICATES &&
            form.insertListItem('certificates', { ...blank })
          }
        >
          {certificates.map((_, i) => (
            <FormRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
              key={i}
              label={`Certificate ${i + 1}`}
              onRemove={disabled ? undefined : () => form.removeListItem('certificates', i)}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Name"
                  required
                  disabled={disabled}
                  {...form.getInputProps(`certificates.${i}.name`)}
                />
                <TextInput
                  label="Issued by"
                  required
                  disabled={disabled}
                  {...form.getInputProps(`certificates.${i}.issuer`)}
                />
                <TextInput
                  label="Number"
                  disabled={disabled}
                  {...form.getInputProps(`certificates.${i}.number`)}
                />
                <TextInput
                  label="Valid until"
                  type="date"
                  disabled={disabled}
                  {...form.getInputProps(`certificates.${i}.valid_until`)}
                />
                <TextInput
                  label="Web address"
                  type="url"
                  disabled={disabled}
                  {...form.getInputProps(`certificates.${i}.url`)}
                />
              </SimpleGrid>
            </FormRow>
          ))}
        </RowSection>
        <Textarea
          label="How to recycle it"
          minRows={2}
          disabled={disabled}
          {...form.getInputProps('recycling_instructions')}
        />
        <Textarea label="Notes" rows={3} disabled={disabled} {...form.getInputProps('notes')} />
        <ActionError
          error={save.isError && !Object.keys(fieldErrors).length ? save.error : null}
          onClose={() => save.reset()}
        />
        {!disabled && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save details
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
