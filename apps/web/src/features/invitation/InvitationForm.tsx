import { Alert, Anchor, Box, Button, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { memberRoleLabel } from '@plastrace/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { PRODUCT_NAME } from '../../layout/pageTitle.ts';
import { confirmPasswordError, passwordError } from '../auth/passwordRules.ts';
import { acceptInvitation, type InvitationDetails } from './api.ts';

interface Values {
  firstName: string;
  lastName: string;
  phone: string;
  password: string;
  confirmPassword: string;
}
type FieldErrors = Partial<Record<keyof Values, string>>;

/** The checks of spec §5, in its words. */
export function validateInvitationForm(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required';
  if (!values.lastName.trim()) errors.lastName = 'Last name is required';
  const password = passwordError(values.password);
  if (password) errors.password = password;
  const confirm = confirmPasswordError(values.password, values.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}

const FAILED = 'Failed to create account';

interface InvitationFormProps {
  token: string;
  invitation: InvitationDetails;
  onCreated: () => void;
}

/** 'Complete Your Registration': the invitee sets name, phone and password. */
export function InvitationForm({ token, invitation, onCreated }: InvitationFormProps) {
  const [values, setValues] = useState<Values>({
    firstName: '',
    lastName: '',
    phone: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const field = (key: keyof Values) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    const found = validateInvitationForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const phone = values.phone.trim();
      const result = await acceptInvitation({
        token,
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        ...(phone ? { phone } : {}),
      });
      if (result?.success) {
        onCreated();
        return;
      }
      setSubmitError(result?.message || FAILED);
    } catch (caught) {
      setSubmitError((caught instanceof ApiError && caught.serverMessage) || FAILED);
    }
    setSubmitting(false);
  }

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Complete Your Registration
          </Title>
          <Text c="dimmed">You've been invited to join {PRODUCT_NAME}</Text>
        </div>
        <Box
          component="dl"
          aria-label="Invitation details"
          bg="gray.0"
          p="sm"
          m={0}
          style={{ borderRadius: 8 }}
        >
          <Detail term="Email" value={invitation.email} />
          <Detail term="Role" value={memberRoleLabel(invitation.role)} />
          {invitation.supplierName && <Detail term="Supplier" value={invitation.supplierName} />}
        </Box>
        <form onSubmit={handleSubmit} noValidate aria-label="Complete your registration">
          <Stack gap="sm">
            <TextInput label="First Name" required autoComplete="given-name" {...field('firstName')} />
            <TextInput label="Last Name" required autoComplete="family-name" {...field('lastName')} />
            <TextInput
              label="Phone Number"
              description="Optional"
              type="tel"
              autoComplete="tel"
              placeholder="+63 912 345 6789"
              {...field('phone')}
            />
            <PasswordField
              label="Password"
              required
              autoComplete="new-password"
              placeholder="Minimum 8 characters"
              {...field('password')}
            />
            <PasswordField
              label="Confirm Password"
              toggleName="confirm password"
              required
              autoComplete="new-password"
              {...field('confirmPassword')}
            />
            {/* Not `loading`: that hides the label, and the spec wants 'Creating Account...' shown. */}
            <Button
              type="submit"
              disabled={submitting}
              leftSection={submitting ? <Loader size="xs" aria-hidden /> : undefined}
              fullWidth
            >
              {submitting ? 'Creating Account...' : 'Create Account'}
            </Button>
            {submitError && (
              <Alert color="red" role="alert">
                {submitError}
              </Alert>
            )}
          </Stack>
        </form>
        <Stack gap={4} align="center" ta="center">
          <Text size="sm" c="dimmed">
            Invitation expires on {new Date(invitation.expiresAt).toLocaleDateString()}
          </Text>
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in here
            </Anchor>
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <Box style={{ display: 'flex', gap: 8 }}>
      <Text component="dt" size="sm" fw={600} w={80}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </Box>
  );
}
