import { Badge, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { profileUpdateSchema } from '@plastrace/shared';
import type { SessionUser } from '../../auth/sessionStore.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useUpdateProfile } from './api.ts';
import { ResendVerificationButton } from './ResendVerification.tsx';

/** Name and phone; the email is the sign-in name and is shown with its verification state. */
export function ProfileForm({ user }: { user: SessionUser }) {
  // `PATCH /api/profile`'s own body schema: the same rules and words as the server.
  const form = useSchemaForm(profileUpdateSchema, {
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone ?? '',
  });
  const update = useUpdateProfile();
  const { showToast } = useToast();

  const submit = form.onSubmit((values) => {
    update.reset();
    const body = profileUpdateSchema.parse(values);
    update.mutate(
      { firstName: body.first_name, lastName: body.last_name, phone: body.phone || null },
      {
        onSuccess: () => showToast({ message: 'Your profile has been saved.' }),
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
      },
    );
  });

  // The field errors already say what is wrong; the banner is for everything else.
  const fieldLevel = Object.keys(wireFieldErrorsOf(update.error)).length > 0;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-details">
      <Title order={2} fz="h4" id="profile-details" mb="md">
        Your details
      </Title>
      <form onSubmit={submit} noValidate aria-label="Your details">
        <Stack gap="sm">
          {!fieldLevel && <ActionError error={update.error} />}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              miw={200}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="family-name"
              miw={200}
              {...form.getInputProps('last_name')}
            />
          </Group>
          <TextInput
            label="Phone number"
            description="Optional"
            type="tel"
            autoComplete="tel"
            placeholder="+63 912 345 6789"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Email"
            value={user.email}
            readOnly
            description="Your sign-in name. Ask an administrator if it has to change."
            rightSectionWidth={110}
            rightSection={
              user.emailVerified ? (
                <Badge color="teal" variant="light">
                  Verified
                </Badge>
              ) : (
                <Badge color="yellow" variant="light">
                  Not verified
                </Badge>
              )
            }
          />
          {!user.emailVerified && (
            <Group gap="xs">
              <ResendVerificationButton />
            </Group>
          )}
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
