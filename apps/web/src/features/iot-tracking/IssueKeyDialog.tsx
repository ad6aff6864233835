import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from '@plastrace/shared';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { type Device, type IssuedApiKey, useDeviceOptions, useIssueApiKey } from './api.ts';

/**
 * Issues an organization API key. Bound to a device (`device` given, or chosen) it may only send that
 * device's readings. The secret is shown once, here, with a copy button: the server keeps only its hash.
 */
export function IssueKeyDialog({
  opened,
  onClose,
  device,
}: {
  opened: boolean;
  onClose: () => void;
  device?: Pick<Device, 'id' | 'code' | 'name'>;
}) {
  const issue = useIssueApiKey();
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [name, setName] = useState(device ? `${device.code} readings` : '');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['ingest']);
  const [deviceId, setDeviceId] = useState('');
  const options = useDeviceOptions(opened && !device);
  const fields = wireFieldErrorsOf(issue.error);
  const bindable = scopes.length === 1 && scopes[0] === 'ingest';

  const close = () => {
    setIssued(null);
    issue.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const bound = device?.id ?? (bindable && deviceId ? deviceId : null);
    issue.mutate(
      { name: name.trim(), scopes: device ? ['ingest'] : scopes, device_id: bound },
      { onSuccess: setIssued },
    );
  };
  const title = device ? `Issue a key for ${device.code}` : 'Issue an API key';

  return (
    <Modal opened={opened} onClose={close} title={issued ? 'Copy the key now' : title} size="lg">
      {issued ? (
        <Stack gap="sm">
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert" title="Shown only once">
            Store this key where the device or system can use it. It cannot be shown again: if it is lost,
            revoke it and issue another.
          </Alert>
          <Text size="sm">
            {issued.name} ({issued.scopes.map((s) => API_KEY_SCOPE_LABELS[s]).join(', ')}
            {issued.device ? ` for ${issued.device.code}` : ''})
          </Text>
          <Code block aria-label="The new API key">
            {issued.secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={issued.secret}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              description="What uses the key, e.g. the weighbridge controller or the ERP"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fields.name}
            />
            {device ? (
              <Text size="sm">This key may only send readings of {device.code}.</Text>
            ) : (
              <>
                <Checkbox.Group
                  label="May"
                  required
                  value={scopes}
                  onChange={(v) => setScopes(v as ApiKeyScope[])}
                  error={fields.scopes}
                >
                  <Stack gap={6} mt={6}>
                    {API_KEY_SCOPES.map((s) => (
                      <Checkbox key={s} value={s} label={API_KEY_SCOPE_LABELS[s]} />
                    ))}
                  </Stack>
                </Checkbox.Group>
                {bindable && (
                  <NativeSelect
                    label="Only for device"
                    description="A device’s own key sends only its readings; leave empty for a gateway."
                    data={[{ value: '', label: 'Any device' }, ...options]}
                    value={deviceId}
                    onChange={(e) => setDeviceId(e.currentTarget.value)}
                    error={fields.device_id}
                  />
                )}
              </>
            )}
            <ActionError error={Object.keys(fields).length ? null : issue.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={issue.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={issue.isPending}>
                Issue key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
