import type { ErrorBody, ErrorCode } from '@plastrace/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, pgError } from '../lib/errors.ts';

export function errorBody(
  code: ErrorCode | string,
  message: string,
  details?: Record<string, unknown>,
): ErrorBody {
  return details ? { code, message, error: message, details } : { code, message, error: message };
}

/** The one place a refusal's kind becomes an HTTP status (lib/errors.ts AppError). */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  csrf_invalid: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  organization_switched: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/**
 * The error code of a refusal that carries only a status: the database functions' (SQLSTATE PT<status>)
 * and Fastify's own.
 */
export const codeForStatus = (status: number): ErrorCode => CODE_BY_STATUS[status] ?? 'validation_failed';

type Issue = { path: PropertyKey[]; message: string };

/** `{ "body.email": "Invalid email address" }`: one message per field, as forms show them. */
export function fieldErrors(location: string, issues: Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = [location, ...issue.path.map(String)].join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

function handle(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.code(STATUS_BY_CODE[err.code]).send(errorBody(err.code, err.message, err.details));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const location = err.validationContext ?? 'body';
    const issues = err.validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Invalid value',
    }));
    return reply
      .code(400)
      .send(
        errorBody('validation_failed', 'Some fields are invalid', { fields: fieldErrors(location, issues) }),
      );
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
    return reply.code(500).send(errorBody('internal_error', 'Internal server error'));
  }
  const pg = pgError(err);
  const pgCode = pg?.code;
  // A refusal raised by a database function (pt_fail, migration 0010): SQLSTATE PT<status>, with the
  // message and details as the function wrote them, whether or not Drizzle wrapped the error.
  if (pg && /^PT\d{3}$/.test(pg.code)) {
    const status = Number(pg.code.slice(2));
    const { detail, message } = pg;
    return reply
      .code(status)
      .send(
        errorBody(
          codeForStatus(status),
          message,
          detail ? (JSON.parse(detail) as Record<string, unknown>) : undefined,
        ),
      );
  }
  // Lock orders are kept the same everywhere; should PostgreSQL still pick a deadlock victim, fail a
  // serializable transaction or time out on a lock, the caller may simply try again (nothing was written).
  if (pgCode === '40P01' || pgCode === '40001' || pgCode === '55P03') {
    req.log.warn({ err }, 'transaction aborted by a concurrent one');
    return reply
      .code(409)
      .send(
        errorBody('conflict', 'Someone else changed the same records at the same moment. Please try again.'),
      );
  }
  // Class 22 (data exception: a value out of range, an invalid text representation…) is input the
  // wire schemas should have refused. Answer 400 — the client sent it — and log it so the schema
  // gets fixed.
  if (pgCode?.startsWith('22')) {
    req.log.warn({ err }, 'the database refused a value the request schema let through');
    return reply
      .code(400)
      .send(errorBody('validation_failed', 'A value in the request is out of range or malformed'));
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err }, 'request failed');
    return reply.code(status).send(errorBody('internal_error', 'Internal server error'));
  }
  // Fastify's own 4xx (bad JSON, body too large, wrong content type): their messages are safe to show.
  return reply.code(status).send(errorBody(CODE_BY_STATUS[status] ?? 'validation_failed', err.message));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handle);
}
