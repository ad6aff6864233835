import { ApiError, errorMessage } from '../../api/errors.ts';

export const FORBIDDEN_TITLE = 'You do not have permission to do this';

/** A role that may not act (403 `forbidden`). It is shown as a message: it never ends the session. */
export const isForbidden = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.code === 'forbidden';

export const isConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

/**
 * The record the address names does not exist: a 404, or a 400 that refuses only the path's own
 * parameters (an id that is not an id cannot name anything), so a mistyped link says "not found" at once.
 */
export function isNotFound(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) return true;
  const fields = error.status === 400 ? error.details?.fields : undefined;
  const keys = fields && typeof fields === 'object' ? Object.keys(fields) : [];
  return keys.length > 0 && keys.every((k) => k.startsWith('params.'));
}

/**
 * Whether a failed read is worth trying again: not a 4xx (the same request fails the same way), except
 * a timeout or a rate limit, which pass.
 */
export const isRetryable = (error: unknown): boolean =>
  !(error instanceof ApiError) ||
  error.status < 400 ||
  error.status >= 500 ||
  [408, 429].includes(error.status);

/**
 * The server's per-field messages (`details.fields`, keyed 'body.price_per_kg') keyed by the field's
 * wire name, as forms built on the shared schemas name their fields (schemaForm.ts).
 */
export function wireFieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = error.details?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields as Record<string, unknown>)) {
    if (typeof message === 'string') result[key.replace(/^(body|query|params)\./, '')] ??= message;
  }
  return result;
}

/** The text for a failed action: the server's own message when it sent one. */
export function problemText(error: unknown): string {
  return errorMessage(error);
}
