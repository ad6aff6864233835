import { Alert, Button, Modal, Stack } from '@mantine/core';
import { passwordResetSchema } from '@plastrace/shared';
import { useState } from 'react';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { resetPassword } from './api.ts';
import { serverMessageOr } from './messages.ts';
import { confirmPassword, requiredPassword, samePasswords } from './passwordRules.ts';

/** `POST /api/auth/password/reset`'s own body schema, with the confirmation the browser asks for. */
const resetFormSchema = passwordResetSchema
  .extend({
    password: requiredPassword(passwordResetSchema.shape.password),
    confirm_password: confirmPassword,
  })
  .refine(...samePasswords('password', 'confirm_password'));

interface ResetPasswordDialogProps {
  token: string;
  onClose: () => void;
  /** Called with the server's message once the password is changed. */
  onDone: (message: string) => void;
}

/** `?reset_token=`: choose a new password (min 8), `POST /api/auth/password/reset {token, password}`. */
export function ResetPasswordDialog({ token, onClose, onDone }: ResetPasswordDialogProps) {
  const form = useSchemaForm(resetFormSchema, { token, password: '', confirm_password: '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSaving(true);
    try {
      const result = await resetPassword(values.token, values.password);
      onDone(result?.message || 'Your password has been changed. Please sign in.');
    } catch (caught) {
      setError(serverMessageOr(caught, 'Could not change the password. Please request a new link.'));
      form.setErrors(wireFieldErrorsOf(caught));
      setSaving(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title="Choose a new password" centered>
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack gap="sm">
          <PasswordField
            label="New password"
            placeholder="Minimum 8 characters"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm new password"
            toggleName="confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm_password')}
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
