import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './idempotency.repo.ts';

export type Outcome<T> = { status: number; body: T };

/** The request header of routes that honour retries (docs/architecture.md: API conventions). */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .max(200)
    .optional()
    .describe('Retries with the same key return the first answer'),
});

export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const k = req.headers['idempotency-key'];
  return typeof k === 'string' && k ? k : undefined;
}

/** What a key's first request is recognised by: the SHA-256 of its JSON. */
export const requestHash = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/** The key as given, refused (400) unless it is 1–200 letters, digits, dots, colons or dashes. */
export function checkedKey(key: string | undefined): string | undefined {
  if (key !== undefined && !/^[\w.:-]{1,200}$/.test(key)) {
    throw new AppError(
      'validation_failed',
      'Idempotency-Key must be 1–200 letters, digits, dots, colons or dashes',
    );
  }
  return key;
}

/**
 * Runs a create or post at most once per Idempotency-Key (docs/architecture.md: API conventions): the key is claimed in the
 * operation's own transaction, so a failed attempt leaves no trace and may be retried, and a retry
 * of a finished one gets the first answer again. Without a key it simply runs.
 */
export async function idempotent<T>(
  db: Db,
  scope: { organizationId: string; route: string; key: string | undefined },
  request: unknown,
  run: (tx: Tx) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const key = checkedKey(scope.key);
  if (!key) return db.transaction(run);
  const k = { organizationId: scope.organizationId, route: scope.route, key };
  return db.transaction(async (tx) => {
    const hashed = requestHash(request);
    if (!(await repo.claim(tx, k, hashed))) {
      const first = await repo.find(tx, k);
      if (!first || first.requestHash !== hashed) {
        throw new AppError('unprocessable', 'This Idempotency-Key was already used for a different request');
      }
      return { status: first.statusCode ?? 200, body: first.response as T };
    }
    const outcome = await run(tx);
    await repo.store(tx, k, outcome.status, outcome.body);
    return outcome;
  });
}
