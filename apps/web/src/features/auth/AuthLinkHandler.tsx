import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/AuthContext.ts';
import { redeemMagicLink, verifyEmail } from './api.ts';
import { AUTH_LINK_PARAMS } from './authLinks.ts';
import { serverMessageOr } from './messages.ts';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';

interface AuthLinkHandlerProps {
  /** Opens the login dialog, optionally with a message (password changed, link expired). */
  onOpenLogin: (notice?: string) => void;
}

/** Acts on `?magic_token=`, `?verify_token=` or `?reset_token=` in the address. */
export function AuthLinkHandler({ onOpenLogin }: AuthLinkHandlerProps) {
  const [params, setParams] = useSearchParams();
  const clear = () =>
    setParams(
      (current) => {
        for (const name of AUTH_LINK_PARAMS) current.delete(name);
        return current;
      },
      { replace: true },
    );

  const magic = params.get('magic_token');
  if (magic) {
    return (
      <MagicLinkSignIn
        token={magic}
        onClose={clear}
        onRequestNewLink={() => {
          clear();
          onOpenLogin();
        }}
      />
    );
  }
  const verify = params.get('verify_token');
  if (verify) return <EmailVerification token={verify} onClose={clear} />;
  const reset = params.get('reset_token');
  if (reset) {
    return (
      <ResetPasswordDialog
        token={reset}
        onClose={clear}
        onDone={(message) => {
          clear();
          onOpenLogin(message);
        }}
      />
    );
  }
  return null;
}

/**
 * Runs a one-time link's request once per mount. The guard matters: the token is single use, and
 * React's development double effect would otherwise redeem it twice and show the second failure.
 */
function useOnce(run: () => void) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  });
}

interface MagicLinkProps {
  token: string;
  onClose: () => void;
  onRequestNewLink: () => void;
}

function MagicLinkSignIn({ token, onClose, onRequestNewLink }: MagicLinkProps) {
  const { completeSignIn } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useOnce(() => {
    redeemMagicLink(token)
      .then(async (response) => {
        // A link opened from the user's own mailbox: the session is kept like 'Remember me'.
        await completeSignIn(response, true, 'magic_link');
        navigate('/dashboard', { replace: true });
      })
      .catch((caught: unknown) => {
        setError(serverMessageOr(caught, 'This sign-in link is invalid or has expired.'));
      });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title="Sign in with a magic link"
      centered
      withCloseButton={error !== null}
    >
      {error === null ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Signing you in...</Text>
        </Group>
      ) : (
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Button onClick={onRequestNewLink}>Request a new link</Button>
        </Stack>
      )}
    </Modal>
  );
}

function EmailVerification({ token, onClose }: { token: string; onClose: () => void }) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useOnce(() => {
    verifyEmail(token)
      .then((response) =>
        setResult({ ok: true, message: response?.message || 'Your email address is verified.' }),
      )
      .catch((caught: unknown) =>
        setResult({
          ok: false,
          message: serverMessageOr(caught, 'This verification link is invalid or has expired.'),
        }),
      );
  });

  return (
    <Modal opened onClose={onClose} title="Email verification" centered>
      {result === null ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Verifying your email...</Text>
        </Group>
      ) : (
        <Stack gap="sm">
          <Alert color={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'}>
            {result.message}
          </Alert>
          <Button onClick={onClose}>Close</Button>
        </Stack>
      )}
    </Modal>
  );
}
