import { CSRF_REQUEST_FAILED, CsrfUnavailableError } from '../../api/csrf.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError, RequestTimeoutError } from '../../api/errors.ts';

// The texts of spec §8, verbatim.
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
export const MAGIC_LINK_EMPTY = 'Please enter your email address to receive a magic link.';
export const MAGIC_LINK_SENT = 'Magic link sent! Please check your email.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const REGISTRATION_SUCCESS = 'Registration successful! Please log in with your new account.';

/** The login dialog's message for what a sign-in attempt threw (spec §8, in its case). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof CsrfUnavailableError) return error.message;
  if (error instanceof RequestTimeoutError) {
    return 'Login request timed out. Please check your connection and try again.';
  }
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError) {
    // The token was sent and refreshed once, and the server still refused it: the cookie is missing.
    if (error.code === 'csrf_invalid') {
      return 'CSRF token not available. Please try reloading or ensure cookies are enabled.';
    }
    return error.serverMessage ?? 'Login failed. Please try again.';
  }
  return UNEXPECTED_ERROR;
}

export function magicLinkErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'Failed to send magic link. Please try again.';
  return 'An unexpected error occurred while sending the magic link.';
}

export function registrationErrorMessage(error: unknown): string {
  if (error instanceof CsrfUnavailableError) return CSRF_REQUEST_FAILED;
  if (error instanceof ApiError) {
    if (error.code === 'csrf_invalid') return CSRF_REQUEST_FAILED;
    return error.serverMessage ?? 'Registration failed. Please try again.';
  }
  return UNEXPECTED_ERROR;
}

/** For the smaller forms (password reset, email verification): the server's words, else a default. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof NetworkError || error instanceof RequestTimeoutError) return error.message;
  return fallback;
}
