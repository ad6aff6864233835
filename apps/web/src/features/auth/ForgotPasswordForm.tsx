import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { magicLinkBodySchema } from '@plastrace/shared';
import { useState } from 'react';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { requestPasswordReset } from './api.ts';
import { serverMessageOr } from './messages.ts';

interface ForgotPasswordFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}

/** 'Forgot password?': `POST /api/auth/password/forgot {email}`, then the server's message. */
export function ForgotPasswordForm({ email, onEmailChange, onBack }: ForgotPasswordFormProps) {
  // The route's own body schema (an email-shaped address), as for a magic link.
  const form = useSchemaForm(magicLinkBodySchema, { email });
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const emailInput = form.getInputProps('email');

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setInfo(null);
    setSending(true);
    try {
      const result = await requestPasswordReset(values.email.trim());
      setInfo(result?.message || 'If an account exists for this email, a reset link is on its way.');
    } catch (caught) {
      setError(serverMessageOr(caught, 'Could not send the reset link. Please try again.'));
      form.setErrors(wireFieldErrorsOf(caught));
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Enter the email of your account and we will send you a link to choose a new password.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {info && (
          <Alert color="teal" role="status">
            {info}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...emailInput}
          onChange={(e) => {
            emailInput.onChange(e);
            // Shared with the sign-in view, which starts from what was typed here.
            onEmailChange(e.currentTarget.value);
          }}
        />
        <Button type="submit" loading={sending} fullWidth>
          Send reset link
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
