/** A non-OK answer from the API, carrying the server's error code when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's own `error`/`message` text, when it sent one (dialogs prefer it to their defaults). */
  readonly serverMessage: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    message: string,
    status: number,
    code?: string,
    extra: { serverMessage?: string; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = extra.serverMessage;
    this.details = extra.details;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Unable to connect to the server. Please check your internet connection.';

/** The request never got an answer (offline, DNS, server down, CORS). */
export class NetworkError extends Error {
  constructor(message = NETWORK_ERROR_MESSAGE) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The request was abandoned after its time limit (spec §9: 30 s, 10 s for sign-in). */
export class RequestTimeoutError extends Error {
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs / 1000} seconds`);
    this.name = 'RequestTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The message to show for any error a call may throw. */
export function errorMessage(
  error: unknown,
  fallback = 'An unexpected error occurred. Please try again.',
): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
