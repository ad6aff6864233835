import { Button, Group, List, Modal, Text } from '@mantine/core';

interface DemoDialogProps {
  opened: boolean;
  onClose: () => void;
  onJoin: () => void;
}

const steps = [
  'Receive: weigh each delivery, photograph it and label every lot with a QR code.',
  'Process: record sorting, washing and pelletising; inputs, outputs and losses must balance.',
  'Dispatch: ship lots to buyers with their full chain of custody attached.',
  'Report: landfill diversion, carbon footprint and EPR credits, each figure with its basis.',
];

/** 'Watch Demo': there is no recorded demo yet, so this says so and walks through the flow instead. */
export function DemoDialog({ opened, onClose, onJoin }: DemoDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="How PlasTrace works" centered>
      <Text size="sm" c="dimmed" mb="sm">
        A recorded demo is not available yet. This is the flow you will try in the beta:
      </Text>
      <List type="ordered" spacing="xs" mb="lg">
        {steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button
          onClick={() => {
            onClose();
            onJoin();
          }}
        >
          Start Free Beta
        </Button>
      </Group>
    </Modal>
  );
}
