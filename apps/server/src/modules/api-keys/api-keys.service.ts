import type { ApiKey, apiKeyCreateSchema, apiKeyListQuerySchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { getActiveDevice } from '../devices/devices.repo.ts';
import * as repo from './api-keys.repo.ts';
import { mintApiKey } from './api-keys.verify.ts';
import { toApiKey } from './api-keys.views.ts';

// Organization API keys (docs/architecture.md "Machine credentials: organization API keys"). The secret
// is answered once, when issued; the database keeps its SHA-256, so neither a list, a log line nor a
// leaked table gives it back. Issuing and revoking are audited like any change, without the secret.

export async function list(ctx: AppContext, caller: Caller, q: z.output<typeof apiKeyListQuerySchema>) {
  const after = decodeCursor(q.cursor, ['instant', 'uuid'] as const);
  const rows = await repo.listApiKeys(ctx.db, caller.organizationId, {
    limit: q.limit + 1,
    includeRevoked: q.include_revoked,
    after,
  });
  const page = toPage(rows, q.limit, (r) => [r.cursorAt, r.id]);
  return { items: page.items.map(toApiKey), next_cursor: page.next_cursor };
}

const label = (k: { name: string; prefix: string }) => `${k.name} (${k.prefix}…)`;

export function issue(
  ctx: AppContext,
  caller: Caller,
  body: z.output<typeof apiKeyCreateSchema>,
): Promise<ApiKey & { secret: string }> {
  return ctx.db.transaction(async (tx) => {
    const deviceId = body.device_id ?? null;
    if (deviceId) {
      // A device's key lives on the device (a scale's controller, a tracker): it only ever sends.
      if (body.scopes.length !== 1 || body.scopes[0] !== 'ingest')
        throw invalidField(
          'scopes',
          'A key for one device may only send readings: choose the ingest scope alone',
        );
      if (!(await getActiveDevice(tx, caller.organizationId, deviceId)))
        throw invalidField('device_id', 'Device not found or archived');
    }
    const { secret, prefix, secretHash } = mintApiKey();
    const id = await repo.insertApiKey(tx, {
      organizationId: caller.organizationId,
      name: body.name,
      prefix,
      secretHash,
      scopes: [...body.scopes].sort(),
      deviceId,
      createdBy: caller.userId,
    });
    const row = await repo.getApiKey(tx, caller.organizationId, id);
    if (!row) throw new Error(`API key ${id} vanished after insert`);
    const after = toApiKey(row);
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'api_key',
      entityId: id,
      description: `Issued API key ${label(row)}: ${after.scopes.join(', ')}${after.device ? ` for device ${after.device.code}` : ''}`,
      after,
    });
    return { ...after, secret };
  });
}

/** Refused from the next request on. Revoking a revoked key changes nothing and answers it as it is. */
export function revoke(ctx: AppContext, caller: Caller, id: string): Promise<ApiKey> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.getApiKey(tx, caller.organizationId, id);
    if (!before) throw notFound('API key');
    if (!(await repo.revokeApiKey(tx, caller.organizationId, id, caller.userId))) return toApiKey(before);
    const row = await repo.getApiKey(tx, caller.organizationId, id);
    if (!row) throw new Error(`API key ${id} vanished after revoke`);
    const after = toApiKey(row);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'api_key',
      entityId: id,
      description: `Revoked API key ${label(row)}`,
      before: toApiKey(before),
      after,
    });
    return after;
  });
}
