import { z } from 'zod';

/** Error codes of docs/architecture.md: API conventions; the web client branches on these, never on message text. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'csrf_invalid',
  'forbidden',
  'not_found',
  'conflict',
  /** 409: the request named an organization other than its session's (another tab switched); reload. */
  'organization_switched',
  'unprocessable',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape: `error` repeats `message` because the spec's clients read either. */
export const errorBodySchema = z
  .object({
    code: z.string(),
    message: z.string(),
    error: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
