import { Alert, Button, Modal, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../components/PasswordField.tsx';
import { resetPassword } from './api.ts';
import { serverMessageOr } from './messages.ts';
import { confirmPasswordError, passwordError } from './passwordRules.ts';

interface ResetPasswordDialogProps {
  token: string;
  onClose: () => void;
  /** Called with the server's message once the password is changed. */
  onDone: (message: string) => void;
}

/** `?reset_token=`: choose a new password (min 8), `POST /api/auth/password/reset {token, password}`. */
export function ResetPasswordDialog({ token, onClose, onDone }: ResetPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const errors = {
      password: passwordError(password) ?? undefined,
      confirm: confirmPasswordError(password, confirm) ?? undefined,
    };
    setFieldErrors(errors);
    if (errors.password || errors.confirm) return;
    setSaving(true);
    try {
      const result = await resetPassword(token, password);
      onDone(result?.message || 'Your password has been changed. Please sign in.');
    } catch (caught) {
      setError(serverMessageOr(caught, 'Could not change the password. Please request a new link.'));
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Choose a new password" centered>
      <form onSubmit={handleSubmit} noValidate aria-label="Choose a new password">
        <Stack gap="sm">
          <PasswordField
            label="New password"
            placeholder="Minimum 8 characters"
            autoComplete="new-password"
            required
            value={password}
            error={fieldErrors.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordField
            label="Confirm new password"
            toggleName="confirm password"
            autoComplete="new-password"
            required
            value={confirm}
            error={fieldErrors.confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Button type="submit" loading={saving} fullWidth>
            Set new password
          </Button>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
