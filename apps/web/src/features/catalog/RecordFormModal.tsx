import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { api } from '../../api/client.ts';
import { isConflict, wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import type { EntityConfig } from './entity.ts';
import { FormFields } from './FormFields.tsx';
import {
  bodyOf,
  changedBody,
  emptyValues,
  type FormValues,
  flatValuesOf,
  formValuesOf,
  valuesOf,
  wireName,
} from './formModel.ts';
import { type MasterRecord, useSaveRecord } from './recordApi.ts';
import { recordFormSchema } from './recordSchema.ts';

interface RecordFormModalProps<T extends MasterRecord> {
  config: EntityConfig<T>;
  /** null: the "New" form. */
  record: T | null;
  readOnly: boolean;
  /** Fields shown but not editable; the others may change. */
  locked?: ((name: string) => boolean) | undefined;
  onClose: () => void;
  /** Asks the list to confirm archiving or restoring the record. */
  onArchive?: (record: T) => void;
}

/**
 * The create / edit form of one master-data record. Edits send only the changed fields with the
 * version read; a 409 means someone else saved first, and "Reload" fetches their version.
 */
export function RecordFormModal<T extends MasterRecord>({
  config,
  record,
  readOnly,
  locked,
  onClose,
  onArchive,
}: RecordFormModalProps<T>) {
  const { fields, noun, resource } = config;
  const [base, setBase] = useState<T | null>(record);
  const [initial, setInitial] = useState<FormValues>(() =>
    record ? valuesOf(fields, record) : emptyValues(fields, config.defaults),
  );
  const [reloading, setReloading] = useState(false);
  const save = useSaveRecord<T>(resource);
  const { showToast } = useToast();
  const editing = base !== null;
  const title = editing ? `${readOnly ? '' : 'Edit '}${base.name}`.trim() : `New ${noun}`;

  // What would be sent: an edit sends only the changed fields, with the version read.
  const toBody = useCallback(
    (values: FormValues) =>
      base
        ? { ...changedBody(fields, initial, values), version: base.version }
        : bodyOf(fields, values, 'create'),
    [base, fields, initial],
  );
  const schema = useMemo(
    () => recordFormSchema(resource, base ? 'edit' : 'create', fields, toBody),
    [resource, base, fields, toBody],
  );
  const form = useSchemaForm(schema, formValuesOf(fields, initial));
  const values = flatValuesOf(fields, form.values);

  async function reload() {
    if (!base) return;
    setReloading(true);
    try {
      const fresh = await api.get<T>(`/${resource}/${base.id}`);
      const next = valuesOf(fields, fresh);
      setBase(fresh);
      setInitial(next);
      form.setInitialValues(formValuesOf(fields, next));
      form.setValues(formValuesOf(fields, next));
      form.clearErrors();
      save.reset();
    } finally {
      setReloading(false);
    }
  }

  const submit = form.onSubmit((nested) => {
    save.reset();
    const body = toBody(flatValuesOf(fields, nested));
    // Only the version: nothing changed, so nothing is sent.
    if (base && Object.keys(body).length === 1) {
      onClose();
      return;
    }
    save.mutate(
      { id: base?.id, body },
      {
        onSuccess: (saved) => {
          showToast({ message: `${saved.name} ${base ? 'saved' : 'created'}.` });
          onClose();
        },
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
      },
    );
  });

  const fieldLevel = Object.keys(wireFieldErrorsOf(save.error)).length > 0;
  const conflict = editing && isConflict(save.error) && !fieldLevel;
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {conflict ? (
            <Alert color="yellow" role="alert" title={`This ${noun} was changed by someone else`}>
              <Text size="sm" mb="xs">
                {save.error?.message} Reload to see their version; your changes here are not saved.
              </Text>
              <Button size="xs" variant="outline" color="yellow" loading={reloading} onClick={reload}>
                Reload
              </Button>
            </Alert>
          ) : (
            !fieldLevel && <ActionError error={save.error} />
          )}
          {base?.archivedAt && (
            <Text size="sm" c="dimmed">
              This {noun} is archived: it is hidden from pickers but kept on past records.
            </Text>
          )}
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <FormFields
              fields={fields}
              values={values}
              inputProps={(f) => form.getInputProps(wireName(f))}
              locked={locked}
            />
          </fieldset>
          <Group justify="space-between">
            <div>
              {base && !readOnly && onArchive && (
                <Button
                  variant="subtle"
                  color={base.archivedAt ? 'teal' : 'red'}
                  onClick={() => onArchive(base)}
                  disabled={save.isPending}
                >
                  {base.archivedAt ? 'Restore' : 'Archive'}
                </Button>
              )}
            </div>
            <Group gap="sm">
              <Button variant="default" onClick={onClose} disabled={save.isPending}>
                {readOnly ? 'Close' : 'Cancel'}
              </Button>
              {!readOnly && (
                <Button type="submit" loading={save.isPending}>
                  {editing ? 'Save changes' : `Create ${noun}`}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
