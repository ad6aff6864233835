import { Badge, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { SessionUser } from '../../auth/sessionStore.ts';
import { fieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useUpdateProfile } from './api.ts';
import { ResendVerificationButton } from './ResendVerification.tsx';

interface Values {
  firstName: string;
  lastName: string;
  phone: string;
}
type FieldErrors = Partial<Record<keyof Values, string>>;

export function validateProfile(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required';
  if (!values.lastName.trim()) errors.lastName = 'Last name is required';
  if (values.phone.trim().length > 30) errors.phone = 'Phone number must be at most 30 characters';
  return errors;
}

/** Name and phone; the email is the sign-in name and is shown with its verification state. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const initial: Values = { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();
  const { showToast } = useToast();
  const dirty = (Object.keys(initial) as (keyof Values)[]).some((k) => values[k] !== initial[k]);

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
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const phone = values.phone.trim();
    update.mutate(
      { firstName: values.firstName.trim(), lastName: values.lastName.trim(), phone: phone || null },
      {
        onSuccess: () => showToast({ message: 'Your profile has been saved.' }),
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-details">
      <Title order={2} fz="h4" id="profile-details" mb="md">
        Your details
      </Title>
      <form onSubmit={handleSubmit} noValidate aria-label="Your details">
        <Stack gap="sm">
          <ActionError error={update.error} />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              miw={200}
              {...field('firstName')}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="family-name"
              miw={200}
              {...field('lastName')}
            />
          </Group>
          <TextInput
            label="Phone number"
            description="Optional"
            type="tel"
            autoComplete="tel"
            placeholder="+63 912 345 6789"
            {...field('phone')}
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
            <Button type="submit" loading={update.isPending} disabled={!dirty}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
