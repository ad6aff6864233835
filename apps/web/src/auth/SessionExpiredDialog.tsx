import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';

interface SessionExpiredDialogProps {
  message: string | null;
  onConfirm: () => void;
}

/** Spec §2: not dismissable (no close button, Escape or outside click); OK goes to the home page. */
export function SessionExpiredDialog({ message, onConfirm }: SessionExpiredDialogProps) {
  const navigate = useNavigate();
  return (
    <Modal
      opened={message !== null}
      onClose={() => {}}
      title="Session Expired"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <Stack gap="sm">
        <Text>{message}</Text>
        <Text size="sm" c="dimmed">
          You will be redirected to the home page
        </Text>
        <Group justify="flex-end">
          <Button
            onClick={() => {
              onConfirm();
              navigate('/');
            }}
          >
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
