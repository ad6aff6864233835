import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { loginBodySchema } from '@plastrace/shared';
import { useId, useState } from 'react';
import { useAuth } from '../../auth/AuthContext.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { requestMagicLink, usePublicConfig } from './api.ts';
import { loginErrorMessage, MAGIC_LINK_EMPTY, MAGIC_LINK_SENT, magicLinkErrorMessage } from './messages.ts';

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** A message to show on arrival (account created, password reset). */
  notice?: string | null;
  onForgotPassword: () => void;
  onSwitchToRegister: () => void;
  /** Called after a successful sign-in; where to go next is the caller's choice. */
  onSignedIn?: () => void;
}

/**
 * Email and password sign-in with 'Remember me' and a magic-link alternative (spec §2, §5, §8).
 * Starts empty: the spec's pre-filled test values were a leftover; the demo hint replaces them.
 */
export function LoginForm({
  email,
  onEmailChange,
  notice,
  onForgotPassword,
  onSwitchToRegister,
  onSignedIn,
}: LoginFormProps) {
  const { login } = useAuth();
  // `POST /api/auth/login`'s own body schema: a required, email-shaped email and a password.
  const form = useSchemaForm(loginBodySchema, { email, password: '', rememberMe: false });
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(notice ?? null);
  const [signingIn, setSigningIn] = useState(false);
  const [sendingLink, setSendingLink] = useState(false);
  const magicLinkHintId = useId();
  const emailInput = form.getInputProps('email');
  // The email is shared with the 'Forgot password?' view, which starts from what was typed here.
  const setEmail = (value: string) => {
    form.setFieldValue('email', value);
    onEmailChange(value);
  };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setInfo(null);
    setSigningIn(true);
    try {
      await login({ email: values.email.trim(), password: values.password, rememberMe: !!values.rememberMe });
      onSignedIn?.();
    } catch (caught) {
      // The spec's message above the form (§8); a refused field also gets its message under it.
      setError(loginErrorMessage(caught));
      form.setErrors(wireFieldErrorsOf(caught));
    } finally {
      setSigningIn(false);
    }
  });

  async function handleMagicLink() {
    setError(null);
    setInfo(null);
    const address = form.values.email.trim();
    if (!address) {
      setError(MAGIC_LINK_EMPTY);
      return;
    }
    setSendingLink(true);
    try {
      const result = await requestMagicLink(address);
      setInfo(result?.message || MAGIC_LINK_SENT);
    } catch (caught) {
      setError(magicLinkErrorMessage(caught));
    } finally {
      setSendingLink(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="sm">
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
        <DemoHint
          onUse={(demo) => {
            setEmail(demo.email);
            form.setFieldValue('password', demo.password);
            form.clearErrors();
          }}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          {...emailInput}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordField
          label="Password"
          required
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Checkbox label="Remember me" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={signingIn} disabled={sendingLink} fullWidth>
          Sign In
        </Button>
        <Button
          variant="light"
          onClick={handleMagicLink}
          loading={sendingLink}
          disabled={form.values.email === '' || signingIn}
          aria-describedby={form.values.email === '' ? magicLinkHintId : undefined}
          fullWidth
        >
          Send Magic Link
        </Button>
        {/* Says why the button is disabled (spec §5); the click handler checks the same. */}
        {form.values.email === '' && (
          <Text id={magicLinkHintId} size="xs" c="dimmed" ta="center" mt={-4}>
            {MAGIC_LINK_EMPTY}
          </Text>
        )}
        <Text size="sm" ta="center">
          Don't have an account?{' '}
          <Anchor component="button" type="button" onClick={onSwitchToRegister}>
            Sign up here
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

type Demo = { email: string; password: string };

/** Shown only when the server has a demo organization (`GET /api/public/config`). */
function DemoHint({ onUse }: { onUse: (demo: Demo) => void }) {
  const config = usePublicConfig();
  const demo = config.data?.demo;
  if (!demo) return null;
  return (
    // role="note": Mantine's default role="alert" would announce (and be mistaken for) an error.
    <Alert color="blue" variant="light" title="Demo account" role="note">
      <Text size="sm">
        Email: <strong>{demo.email}</strong>
        <br />
        Password: <strong>{demo.password}</strong>
      </Text>
      <Button size="xs" variant="outline" mt="xs" onClick={() => onUse(demo)}>
        Use demo account
      </Button>
    </Alert>
  );
}
