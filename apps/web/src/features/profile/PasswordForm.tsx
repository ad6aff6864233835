import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '@plastrace/shared';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useChangePassword } from './api.ts';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
type FieldErrors = Partial<Record<keyof Values, string>>;
const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function validatePasswordChange(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.currentPassword) errors.currentPassword = 'Enter your current password';
  if (!values.newPassword) errors.newPassword = 'Password is required';
  else if (values.newPassword.length < MIN_PASSWORD_LENGTH)
    errors.newPassword = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your password';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

/** Change password. The server keeps this session and signs out every other one. */
export function PasswordForm() {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();
  const { showToast } = useToast();

  const field = (key: keyof Values) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.reset();
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          setValues(empty);
          showToast({ message: result?.message || 'Your password has been changed.' });
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  }

  // The field errors already say what is wrong; the banner is for everything else.
  const fieldLevel = Object.keys(fieldErrorsOf(change.error)).length > 0;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="password">
      <Title order={2} fz="h4" id="password" mb={4}>
        Change password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        At least {MIN_PASSWORD_LENGTH} characters. Your other sessions are signed out when it changes.
      </Text>
      <form onSubmit={handleSubmit} noValidate aria-label="Change password">
        <Stack gap="sm" maw={420}>
          {!fieldLevel && <ActionError error={change.error} />}
          <PasswordField
            label="Current password"
            required
            autoComplete="current-password"
            toggleName="current password"
            {...field('currentPassword')}
          />
          <PasswordField
            label="New password"
            required
            autoComplete="new-password"
            toggleName="new password"
            {...field('newPassword')}
          />
          <PasswordField
            label="Confirm new password"
            required
            autoComplete="new-password"
            toggleName="confirm password"
            {...field('confirmPassword')}
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
