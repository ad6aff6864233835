import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { invitationAcceptExistingBodySchema } from '@plastrace/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { useAuth } from '../../auth/AuthContext.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { visitorZone } from '../../components/common/datetime.ts';
import { formatDate } from '../../components/common/format.ts';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { acceptInvitationWithAccount, type InvitationDetails } from './api.ts';
import { InvitationDetailsList } from './InvitationForm.tsx';

const FAILED = 'Failed to join the organization';

interface ExistingAccountFormProps {
  token: string;
  invitation: InvitationDetails;
  /** Called as the session opens in the organization joined, before the dashboard is shown. */
  onSigningIn: () => void;
}

/**
 * 'I already have an account': the invited email has one, so the invitee signs in with its password to
 * join; name and password stay as they are. The session opens in the organization joined.
 */
export function ExistingAccountForm({ token, invitation, onSigningIn }: ExistingAccountFormProps) {
  const form = useSchemaForm(invitationAcceptExistingBodySchema, { token, password: '' });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { completeSignIn } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const organization = invitation.organizationName ?? 'the organization';

  const submit = form.onSubmit(async (values) => {
    setSubmitError(null);
    setSubmitting(true);
    try {
      const response = await acceptInvitationWithAccount({ token, password: values.password });
      // Whatever this browser showed before belongs to another session.
      queryClient.clear();
      onSigningIn();
      await completeSignIn(response, false, 'password');
      navigate('/dashboard', { replace: true });
      return;
    } catch (caught) {
      setSubmitError((caught instanceof ApiError && caught.serverMessage) || FAILED);
      form.setErrors(wireFieldErrorsOf(caught));
    }
    setSubmitting(false);
  });

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Join {organization}
          </Title>
          <Text c="dimmed">You already have an account: sign in with it to accept the invitation.</Text>
        </div>
        <InvitationDetailsList invitation={invitation} />
        <form onSubmit={submit} noValidate aria-label="Join with your account">
          <Stack gap="sm">
            {/* The account's email, for password managers; it is fixed by the invitation. */}
            <input type="hidden" name="email" autoComplete="username" value={invitation.email} readOnly />
            <PasswordField
              label="Password"
              description="The password you sign in with"
              required
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Button
              type="submit"
              disabled={submitting}
              leftSection={submitting ? <Loader size="xs" aria-hidden /> : undefined}
              fullWidth
            >
              {submitting ? 'Joining...' : 'Sign in and join'}
            </Button>
            {submitError && (
              <Alert color="red" role="alert">
                {submitError}
              </Alert>
            )}
          </Stack>
        </form>
        <Text size="sm" c="dimmed" ta="center">
          Invitation expires on {formatDate(invitation.expiresAt, visitorZone())}
        </Text>
      </Stack>
    </Paper>
  );
}
