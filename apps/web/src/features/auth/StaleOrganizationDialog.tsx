import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { ORGANIZATION_SWITCHED_NOTICE, staleOrganization } from '../../api/client.ts';

/**
 * Shown when the server refused a call because another tab moved the session to another organization.
 * Not dismissable: this tab's pages belong to the organization it left, and only a reload shows the one
 * the session is in now.
 */
export function StaleOrganizationDialog({
  reload = () => window.location.reload(),
}: {
  reload?: () => void;
}) {
  const opened = useSyncExternalStore(staleOrganization.subscribe, staleOrganization.get);
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title="Organization changed"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <Stack gap="sm">
        <Text>{ORGANIZATION_SWITCHED_NOTICE}</Text>
        <Group justify="flex-end">
          <Button onClick={reload}>Reload</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
