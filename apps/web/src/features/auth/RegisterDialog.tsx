import { Modal } from '@mantine/core';
import { RegisterForm } from './RegisterForm.tsx';

interface RegisterDialogProps {
  opened: boolean;
  onClose: () => void;
  onRegistered: (message: string) => void;
  onSwitchToLogin: () => void;
}

/** Registration for the free beta (spec §2). Content mounts on open: a fresh form, and /api/ping. */
export function RegisterDialog({ opened, onClose, onRegistered, onSwitchToLogin }: RegisterDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create your PlasTrace account" size="lg" centered>
      <RegisterForm onRegistered={onRegistered} onSwitchToLogin={onSwitchToLogin} />
    </Modal>
  );
}
