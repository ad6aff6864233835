import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useScrollToHash } from '../../components/common/useScrollToHash.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useCurrentUser } from '../dashboard/api.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SessionsList } from './SessionsList.tsx';

/** /profile: the member's own details, password and signed-in devices. */
export function ProfilePage() {
  usePageTitle('Profile');
  // The server's copy, not the one stored at sign-in: the form must start from the saved values.
  const query = useCurrentUser();
  const me = query.data;
  useScrollToHash(!!me);

  return (
    <Stack maw={860} gap="lg">
      <Title order={1}>Profile</Title>
      {!me && query.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading your profile…</Text>
        </Group>
      )}
      {!me && query.isError && (
        <QueryError
          error={query.error}
          what="Your profile"
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {me && <ProfileForm key={me.id} user={me} />}
      {me && <PasswordForm />}
      {me && <SessionsList />}
    </Stack>
  );
}
