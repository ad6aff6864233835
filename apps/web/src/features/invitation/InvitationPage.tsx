import {
  Alert,
  Button,
  Center,
  Container,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { ACCOUNT_CREATED_REDIRECT_MS } from '@plastrace/shared';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { useAuth } from '../../auth/AuthContext.ts';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import type { LoginPageState } from '../auth/LoginPage.tsx';
import { useInvitation } from './api.ts';
import { ExistingAccountForm } from './ExistingAccountForm.tsx';
import { InvitationForm } from './InvitationForm.tsx';
import { JoinSignedIn, SignedInAsOther } from './SignedInInvitation.tsx';

export const ACCOUNT_CREATED_LOGIN_MESSAGE =
  'Account created successfully! Please log in with your credentials.';

function verifyErrorMessage(error: unknown): string {
  return (error instanceof ApiError && error.serverMessage) || 'Failed to verify invitation';
}

/** Invitation acceptance at /invitation/{token} (spec §2, §4, §5, §8). */
export function InvitationPage() {
  usePageTitle('Accept invitation');
  const token = (useParams().token ?? '').trim();
  // Set once a session opens in the organization joined: the link is spent and the cache cleared, so the
  // page shows neither the signed-in card nor the link's state again while the dashboard loads.
  const [opening, setOpening] = useState<string | null>(null);
  const invitation = useInvitation(token, opening === null);
  const [createdEmail, setCreatedEmail] = useState<string | null>(null);
  const { isLoading: sessionLoading, isAuthenticated } = useAuth();
  const { me, query: meQuery } = useMe();
  // Signed in, the page depends on whose session this is: wait for the member before choosing.
  const awaitingMember = sessionLoading || (isAuthenticated && !me && meQuery.isPending);

  let content: ReactNode;
  if (!token) {
    content = <InvalidInvitation message="Invalid invitation link" />;
  } else if (opening !== null) {
    content = <Waiting message={`Opening ${opening}...`} />;
  } else if (createdEmail !== null) {
    content = <AccountCreated email={createdEmail} />;
  } else if (invitation.isPending || awaitingMember) {
    content = <Waiting message="Verifying invitation..." />;
  } else if (invitation.isError) {
    content = <InvalidInvitation message={verifyErrorMessage(invitation.error)} />;
  } else if (!invitation.data.valid || !invitation.data.invitation) {
    content = <InvalidInvitation message={invitation.data.message || 'Invalid or expired invitation'} />;
  } else {
    const details = invitation.data.invitation;
    const open = () => setOpening(details.organizationName ?? 'your organization');
    if (me) {
      content =
        me.email.toLowerCase() === details.email.toLowerCase() ? (
          <JoinSignedIn token={token} invitation={details} onJoined={open} />
        ) : (
          <SignedInAsOther invitation={details} signedInEmail={me.email} />
        );
    } else {
      content = details.existingAccount ? (
        <ExistingAccountForm token={token} invitation={details} onSigningIn={open} />
      ) : (
        <InvitationForm token={token} invitation={details} onCreated={() => setCreatedEmail(details.email)} />
      );
    }
  }

  return (
    <Container component="main" size={520} py={64}>
      {content}
    </Container>
  );
}

function Waiting({ message }: { message: string }) {
  return (
    <Center py={80} role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}

function InvalidInvitation({ message }: { message: string }) {
  return (
    <Paper withBorder shadow="sm" radius="md" p="xl">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon color="red" variant="light" size={56} radius="xl">
          <IconAlertTriangle size={30} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Invalid Invitation
        </Title>
        <Alert color="red" role="alert" w="100%">
          {message}
        </Alert>
        <Button component={Link} to="/login">
          Go to Login
        </Button>
      </Stack>
    </Paper>
  );
}

function AccountCreated({ email }: { email: string }) {
  const navigate = useNavigate();
  const goToLogin = useCallback(
    () =>
      navigate('/login', {
        state: { message: ACCOUNT_CREATED_LOGIN_MESSAGE, email } satisfies LoginPageState,
      }),
    [navigate, email],
  );

  useEffect(() => {
    const timer = setTimeout(goToLogin, ACCOUNT_CREATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [goToLogin]);

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon color="teal" variant="light" size={56} radius="xl">
          <IconCircleCheck size={30} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Account Created Successfully!
        </Title>
        <Text c="dimmed">
          Your account has been created successfully. You will be redirected to the login page shortly.
        </Text>
        <Button onClick={goToLogin}>Go to Login Now</Button>
      </Stack>
    </Paper>
  );
}
