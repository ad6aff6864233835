import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MIN_PASSWORD_LENGTH, passwordChangeSchema } from '@plastrace/shared';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { confirmPassword, requiredPassword, samePasswords } from '../auth/passwordRules.ts';
import { useChangePassword } from './api.ts';

/** `POST /api/auth/password`'s own body schema, with the confirmation the browser asks for. */
const passwordFormSchema = passwordChangeSchema
  .extend({
    new_password: requiredPassword(passwordChangeSchema.shape.new_password),
    confirm_password: confirmPassword,
  })
  .refine(...samePasswords('new_password', 'confirm_password'));
const empty = { current_password: '', new_password: '', confirm_password: '' };

/** Change password. The server keeps this session and signs out every other one. */
export function PasswordForm() {
  const form = useSchemaForm(passwordFormSchema, empty);
  const change = useChangePassword();
  const { showToast } = useToast();

  const submit = form.onSubmit((values) => {
    change.reset();
    change.mutate(
      { currentPassword: values.current_password, newPassword: values.new_password },
      {
        onSuccess: (result) => {
          form.reset();
          showToast({ message: result?.message || 'Your password has been changed.' });
        },
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
      },
    );
  });

  // The field errors already say what is wrong; the banner is for everything else.
  const fieldLevel = Object.keys(wireFieldErrorsOf(change.error)).length > 0;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="password">
      <Title order={2} fz="h4" id="password" mb={4}>
        Change password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        At least {MIN_PASSWORD_LENGTH} characters. Your other sessions are signed out when it changes.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="sm" maw={420}>
          {!fieldLevel && <ActionError error={change.error} />}
          <PasswordField
            label="Current password"
            required
            autoComplete="current-password"
            toggleName="current password"
            {...form.getInputProps('current_password')}
          />
          <PasswordField
            label="New password"
            required
            autoComplete="new-password"
            toggleName="new password"
            {...form.getInputProps('new_password')}
          />
          <PasswordField
            label="Confirm new password"
            required
            autoComplete="new-password"
            toggleName="confirm password"
            {...form.getInputProps('confirm_password')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
