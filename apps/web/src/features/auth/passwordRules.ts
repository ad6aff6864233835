import { MIN_PASSWORD_LENGTH } from '@plastrace/shared';

// The invitation screen's password messages (spec §5), also used when choosing a new password.
export function passwordError(password: string): string | null {
  if (!password) return 'Password is required';
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return null;
}

export function confirmPasswordError(password: string, confirm: string): string | null {
  if (!confirm) return 'Please confirm your password';
  if (confirm !== password) return 'Passwords do not match';
  return null;
}
