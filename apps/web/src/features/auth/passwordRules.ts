import { z } from 'zod';

// What only the browser asks when a password is chosen (invitation, reset, change), in spec §5's words.
// The length rule itself stays the shared schema's, so it changes in one place.

/** Empty says 'Password is required' before the shared rule (whose first words are about length). */
export const requiredPassword = <T extends z.ZodType<unknown, string>>(rule: T) =>
  z.string().min(1, 'Password is required').pipe(rule);

/** The confirmation: a field of the form only, never sent. */
export const confirmPassword = z.string().min(1, 'Please confirm your password');

/**
 * A refinement (spread into `.refine`) that the confirmation repeats the password. It runs even while
 * other fields are wrong (`when`), so every message shows at once.
 */
export const samePasswords = <P extends string, C extends string>(
  password: P,
  confirm: C,
): [(values: Record<P | C, string>) => boolean, { message: string; path: string[]; when: () => boolean }] => [
  (values) => !values[confirm] || values[confirm] === values[password],
  { message: 'Passwords do not match', path: [confirm], when: () => true },
];
