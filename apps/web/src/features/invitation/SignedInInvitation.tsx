import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { memberRoleLabel } from '@plastrace/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { useAuth } from '../../auth/AuthContext.ts';
import { visitorZone } from '../../components/common/datetime.ts';
import { formatDate } from '../../components/common/format.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { adoptSession } from '../auth/organizations.ts';
import { type InvitationDetails, joinInvitation } from './api.ts';
import { InvitationDetailsList } from './InvitationForm.tsx';

const FAILED = 'Failed to join the organization';
// The button names the organization, whose name may not fit one line on a phone.
const WRAPPING = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal' },
};

const NotNow = () => (
  <Button component={Link} to="/dashboard" variant="default" fullWidth>
    Not now
  </Button>
);

/**
 * Signed in as the invited email: the session proves who this is, so one click joins. The session then
 * moves to the organization joined, as the header's organization switcher would move it.
 */
export function JoinSignedIn({
  token,
  invitation,
  onJoined,
}: {
  token: string;
  invitation: InvitationDetails;
  /** Called as the session moves, before the dashboard is shown. */
  onJoined: () => void;
}) {
  const organization = invitation.organizationName ?? 'the organization';
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();

  async function join() {
    setError(null);
    setJoining(true);
    try {
      const response = await joinInvitation(token);
      onJoined();
      // Keeps the stored session's kind ('Remember me' or not), as a switch does.
      adoptSession(response);
      // Nothing of the organization left behind may show in the one joined.
      queryClient.clear();
      navigate('/dashboard', { replace: true });
      showToast({ message: `You joined ${response.user.organization.name}.` });
      return;
    } catch (caught) {
      setError((caught instanceof ApiError && caught.serverMessage) || FAILED);
    }
    setJoining(false);
  }

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Join {organization} as {memberRoleLabel(invitation.role)}
          </Title>
          <Text c="dimmed">
            You are signed in as {invitation.email}. Joining adds {organization} to your organizations and
            opens it.
          </Text>
        </div>
        <InvitationDetailsList invitation={invitation} />
        <Stack gap="xs">
          <Button
            onClick={() => void join()}
            disabled={joining}
            leftSection={joining ? <Loader size="xs" aria-hidden /> : undefined}
            fullWidth
            styles={WRAPPING}
          >
            {joining ? 'Joining...' : `Join ${organization}`}
          </Button>
          <NotNow />
        </Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm" c="dimmed" ta="center">
          Invitation expires on {formatDate(invitation.expiresAt, visitorZone())}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Signed in as someone else: the invitation cannot be theirs. Signing out stays on this page, which then
 * offers the invitee's own ways in (their password, or a new account).
 */
export function SignedInAsOther({
  invitation,
  signedInEmail,
}: {
  invitation: InvitationDetails;
  signedInEmail: string;
}) {
  const { logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const organization = invitation.organizationName ?? 'an organization';

  async function signOut() {
    setSigningOut(true);
    await logout();
  }

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            This invitation is for {invitation.email}
          </Title>
          <Text c="dimmed">
            You are signed in as {signedInEmail}. To accept the invitation to {organization}, sign out and
            continue as {invitation.email}.
          </Text>
        </div>
        <InvitationDetailsList invitation={invitation} />
        <Stack gap="xs">
          <Button
            onClick={() => void signOut()}
            disabled={signingOut}
            leftSection={signingOut ? <Loader size="xs" aria-hidden /> : undefined}
            fullWidth
          >
            {signingOut ? 'Signing out...' : 'Sign out and continue'}
          </Button>
          <NotNow />
        </Stack>
      </Stack>
    </Paper>
  );
}
