import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { BUSINESS_ROLES, type BusinessRole, CURRENCIES, DEFAULT_CURRENCY } from '@plastrace/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { getCsrfToken, pingForCsrfToken } from '../../api/csrf.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { signup } from './api.ts';
import { PASSWORDS_DO_NOT_MATCH, REGISTRATION_SUCCESS, registrationErrorMessage } from './messages.ts';

export interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  role: BusinessRole;
  password: string;
  confirmPassword: string;
  eprLicense: string;
  defaultCurrency: string;
  agreed: boolean;
}

const emptyForm: RegistrationValues = {
  firstName: '',
  lastName: '',
  email: '',
  companyName: '',
  role: 'Recycler',
  password: '',
  confirmPassword: '',
  eprLicense: '',
  defaultCurrency: DEFAULT_CURRENCY,
  agreed: false,
};

/**
 * The sign-up payload of spec §7: email, password, role, and each profile field twice, snake_case
 * and camelCase. confirm_password is not sent; a blank EPR license is left out (it is optional).
 */
export function signupBody(values: RegistrationValues): Record<string, string> {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const companyName = values.companyName.trim();
  const eprLicense = values.eprLicense.trim();
  return {
    email: values.email.trim(),
    password: values.password,
    role: values.role,
    first_name: firstName,
    firstName,
    last_name: lastName,
    lastName,
    company_name: companyName,
    companyName,
    ...(eprLicense ? { epr_license: eprLicense, eprLicense } : {}),
    default_currency: values.defaultCurrency,
    defaultCurrency: values.defaultCurrency,
  };
}

interface RegisterFormProps {
  onRegistered: (message: string) => void;
  onSwitchToLogin: () => void;
}

/**
 * The registration form (spec §2, §3, §5); mounted when the dialog opens. It stays off useSchemaForm on
 * purpose: spec §5 shows no server-side rule here (the shared signupBodySchema's password length would
 * be), its one check's message, 'Passwords do not match.', belongs in the banner above the form, and the
 * required fields are the browser's own.
 */
export function RegisterForm({ onRegistered, onSwitchToLogin }: RegisterFormProps) {
  const [values, setValues] = useState<RegistrationValues>(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Spec §7: opening the dialog starts the browser session (CSRF cookie and token) with /api/ping.
  useEffect(() => {
    pingForCsrfToken().catch(() => {});
  }, []);

  const set =
    <K extends keyof RegistrationValues>(key: K) =>
    (value: RegistrationValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (values.password !== values.confirmPassword) {
      setError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setSubmitting(true);
    try {
      if (!getCsrfToken()) await pingForCsrfToken();
      const result = await signup(signupBody(values));
      onRegistered(result?.message || REGISTRATION_SUCCESS);
    } catch (caught) {
      setError(registrationErrorMessage(caught));
      setSubmitting(false);
    }
  }

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={handleSubmit} aria-label="Create account">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              value={values.firstName}
              onChange={(e) => set('firstName')(e.currentTarget.value)}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="family-name"
              value={values.lastName}
              onChange={(e) => set('lastName')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
          />
          <TextInput
            label="Company name"
            required
            autoComplete="organization"
            value={values.companyName}
            onChange={(e) => set('companyName')(e.currentTarget.value)}
          />
          <NativeSelect
            label="Role"
            data={BUSINESS_ROLES.map((role) => ({ value: role.value, label: role.label }))}
            value={values.role}
            onChange={(e) => set('role')(e.currentTarget.value as BusinessRole)}
          />
          <PasswordField
            label="Password"
            placeholder="Create a strong password"
            required
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
          />
          <PasswordField
            label="Confirm password"
            toggleName="confirm password"
            placeholder="Re-enter your password"
            required
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword')(e.currentTarget.value)}
          />
          <TextInput
            label="EPR license"
            description="Optional"
            value={values.eprLicense}
            onChange={(e) => set('eprLicense')(e.currentTarget.value)}
          />
          <NativeSelect
            label="Default currency"
            data={[...CURRENCIES]}
            value={values.defaultCurrency}
            onChange={(e) => set('defaultCurrency')(e.currentTarget.value)}
          />
          <Checkbox
            required
            label={
              <>
                I agree to the{' '}
                <Anchor href="/terms" target="_blank" rel="noopener">
                  Terms of Service
                </Anchor>{' '}
                and{' '}
                <Anchor href="/privacy" target="_blank" rel="noopener">
                  Privacy Policy
                </Anchor>
              </>
            }
            checked={values.agreed}
            onChange={(e) => set('agreed')(e.currentTarget.checked)}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Create Account
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component="button" type="button" onClick={onSwitchToLogin}>
              Sign in here
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
