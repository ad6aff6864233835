import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/client.ts';
import { fieldErrorsOf, isConflict } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import type { EntityConfig } from './entity.ts';
import { FormFields } from './FormFields.tsx';
import {
  bodyOf,
  changedBody,
  emptyValues,
  type FormValue,
  type FormValues,
  validateValues,
  valuesOf,
} from './formModel.ts';
import { type MasterRecord, useSaveRecord } from './recordApi.ts';

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
  const { fields, noun } = config;
  const [base, setBase] = useState<T | null>(record);
  const [initial, setInitial] = useState<FormValues>(() =>
    record ? valuesOf(fields, record) : emptyValues(fields, config.defaults),
  );
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [reloading, setReloading] = useState(false);
  const save = useSaveRecord<T>(config.resource);
  const { showToast } = useToast();
  const editing = base !== null;
  const title = editing ? `${readOnly ? '' : 'Edit '}${base.name}`.trim() : `New ${noun}`;

  function change(name: string, value: FormValue) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  }

  async function reload() {
    if (!base) return;
    setReloading(true);
    try {
      const fresh = await api.get<T>(`/${config.resource}/${base.id}`);
      const next = valuesOf(fields, fresh);
      setBase(fresh);
      setInitial(next);
      setValues(next);
      setErrors({});
      save.reset();
    } finally {
      setReloading(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.reset();
    const found = validateValues(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    let body: Record<string, unknown>;
    if (base) {
      body = changedBody(fields, initial, values);
      if (Object.keys(body).length === 0) {
        onClose();
        return;
      }
      body.version = base.version;
    } else {
      body = bodyOf(fields, values, 'create');
    }
    save.mutate(
      { id: base?.id, body },
      {
        onSuccess: (saved) => {
          showToast({ message: `${saved.name} ${base ? 'saved' : 'created'}.` });
          onClose();
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  }

  const fieldLevel = Object.keys(fieldErrorsOf(save.error)).length > 0;
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
            <FormFields fields={fields} values={values} errors={errors} onChange={change} locked={locked} />
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
