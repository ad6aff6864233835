import { Alert, Anchor, Box, Button, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { invitationAcceptBodySchema, memberRoleLabel } from '@plastrace/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { visitorZone } from '../../components/common/datetime.ts';
import { formatDate } from '../../components/common/format.ts';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { PRODUCT_NAME } from '../../layout/pageTitle.ts';
import { confirmPassword, requiredPassword, samePasswords } from '../auth/passwordRules.ts';
import { acceptInvitation, type InvitationDetails } from './api.ts';

/**
 * `POST /api/invitations/accept`'s own body schema, with spec §5's words for an empty password and the
 * confirmation the browser asks for.
 */
const invitationFormSchema = invitationAcceptBodySchema
  .extend({
    password: requiredPassword(invitationAcceptBodySchema.shape.password),
    confirm_password: confirmPassword,
  })
  .refine(...samePasswords('password', 'confirm_password'));

const FAILED = 'Failed to create account';

interface InvitationFormProps {
  token: string;
  invitation: InvitationDetails;
  onCreated: () => void;
}

/** 'Complete Your Registration': the invitee sets name, phone and password. */
export function InvitationForm({ token, invitation, onCreated }: InvitationFormProps) {
  const form = useSchemaForm(invitationFormSchema, {
    token,
    first_name: '',
    last_name: '',
    phone: '',
    password: '',
    confirm_password: '',
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setSubmitError(null);
    setSubmitting(true);
    // Names and phone are trimmed; an empty phone is left out (spec §5).
    const body = invitationFormSchema.parse(values);
    try {
      const result = await acceptInvitation({
        token: body.token,
        password: body.password,
        firstName: body.first_name,
        lastName: body.last_name,
        ...(body.phone ? { phone: body.phone } : {}),
      });
      if (result?.success) {
        onCreated();
        return;
      }
      setSubmitError(result?.message || FAILED);
    } catch (caught) {
      // The alert under the form carries the server's message (spec §8); its field refusals also
      // go under their fields.
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
            Complete Your Registration
          </Title>
          <Text c="dimmed">You've been invited to join {PRODUCT_NAME}</Text>
        </div>
        <InvitationDetailsList invitation={invitation} />
        <form onSubmit={submit} noValidate aria-label="Complete your registration">
          <Stack gap="sm">
            <TextInput
              label="First Name"
              required
              autoComplete="given-name"
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Last Name"
              required
              autoComplete="family-name"
              {...form.getInputProps('last_name')}
            />
            <TextInput
              label="Phone Number"
              description="Optional"
              type="tel"
              autoComplete="tel"
              placeholder="+63 912 345 6789"
              {...form.getInputProps('phone')}
            />
            <PasswordField
              label="Password"
              required
              autoComplete="new-password"
              placeholder="Minimum 8 characters"
              {...form.getInputProps('password')}
            />
            <PasswordField
              label="Confirm Password"
              toggleName="confirm password"
              required
              autoComplete="new-password"
              {...form.getInputProps('confirm_password')}
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
            Invitation expires on {formatDate(invitation.expiresAt, visitorZone())}
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

/** Who is invited, as what (and for which supplier): on both ways of accepting. */
export function InvitationDetailsList({
  invitation,
}: {
  invitation: Pick<InvitationDetails, 'email' | 'role' | 'supplierName'>;
}) {
  return (
    <Box component="dl" aria-label="Invitation details" bg="gray.0" p="sm" m={0} style={{ borderRadius: 8 }}>
      <Detail term="Email" value={invitation.email} />
      <Detail term="Role" value={memberRoleLabel(invitation.role)} />
      {invitation.supplierName && <Detail term="Supplier" value={invitation.supplierName} />}
    </Box>
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
