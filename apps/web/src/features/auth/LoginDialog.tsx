import { Modal } from '@mantine/core';
import { SignInPanel, type SignInPanelProps } from './SignInPanel.tsx';

interface LoginDialogProps extends SignInPanelProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Welcome Back' (spec §2). Content mounts on open, so each opening starts with a clean form. */
export function LoginDialog({ opened, onClose, ...panel }: LoginDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Welcome Back" centered>
      <SignInPanel {...panel} />
    </Modal>
  );
}
