import type { ErrorCode } from '@plastrace/shared';

/** A refusal the client should see as-is: status, code and message become the DESIGN.md §3 error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'forbidden', message);
export const unprocessable = (message: string, details?: Record<string, unknown>) =>
  new AppError(422, 'unprocessable', message, details);
