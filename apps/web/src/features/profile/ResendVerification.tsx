import { Alert, Button, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { problemText } from '../../components/common/apiErrors.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useResendVerification } from './api.ts';

/** 'Resend verification email': the server's answer goes to a toast, a failure stays inline. */
export function ResendVerificationButton({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const resend = useResendVerification();
  const { showToast } = useToast();
  return (
    <>
      <Button
        size={size}
        variant="light"
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (result) =>
              showToast({ message: result?.message || 'A new verification link is on its way.' }),
          })
        }
      >
        Resend verification email
      </Button>
      {resend.isError && (
        <Text size="sm" c="red" role="alert">
          {problemText(resend.error)}
        </Text>
      )}
    </>
  );
}

/** Shown until the member confirms their address: some emails (invitations, resets) depend on it. */
export function EmailNotVerifiedBanner({ email }: { email: string }) {
  return (
    <Alert color="yellow" icon={<IconMailExclamation aria-hidden />} title="Please verify your email address">
      <Text size="sm" mb="xs">
        We sent a confirmation link to <strong>{email}</strong>. Open it to verify your address.
      </Text>
      <ResendVerificationButton />
    </Alert>
  );
}
