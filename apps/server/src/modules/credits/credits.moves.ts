import { type CreditRetire, type CreditTransfer, creditSerial } from '@plastrace/shared';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { appendEntries } from '../log/log.repo.ts';
import { idempotent } from '../security/idempotency.ts';
import { audit } from '../security/security.repo.ts';
import * as repo from './credits.repo.ts';
import { toBlock, toMovement } from './credits.views.ts';
import { listBlocks, listMovements } from './holdings.repo.ts';

// Moving credits: the holder transfers the first serials of a block to another organization of the
// installation, or retires them for a beneficiary. The block is locked first, so moves of one block take
// turns and each sees what the one before left; a retired block never moves (here, and the database's
// guard refuses it whatever the code does).

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
const refuseQuantity = (message: string, held: number) =>
  unprocessable(message, { held, fields: { 'body.quantity': message } });

/**
 * The caller's block with at least `quantity` unretired credits in it that no marketplace listing holds,
 * locked. Listings reserve a number of a block's credits (market_reservations), not given serials: the
 * block moves its first serials and keeps its id for the rest, so what stays reserved stays on it.
 */
async function movable(tx: Tx, caller: Caller, blockId: string, quantity: number) {
  const block = await repo.lockHeldBlock(tx, caller.organizationId, blockId);
  if (!block) throw notFound('Credits');
  if (block.status === 'retired') throw unprocessable('Retired credits never move');
  const held = block.last_no - block.first_no + 1;
  if (quantity > held) throw refuseQuantity(`You hold ${credits(held)} in this block`, held);
  const reserved = await repo.reservedOnBlock(tx, block.id);
  if (quantity > held - reserved)
    throw refuseQuantity(
      `${reserved} of these credits ${reserved === 1 ? 'is' : 'are'} listed on the marketplace: withdraw the listing first`,
      held,
    );
  return { ...block, held, lastMoved: block.first_no + quantity - 1 };
}

/** Logs the batch's new state: version n after its n-th movement. */
async function logVersion(tx: Tx, issuerId: string, batchId: string, event: string) {
  await appendEntries(tx, issuerId, 'credit_batch', [batchId], event, [
    await repo.movementCount(tx, batchId),
  ]);
}

const rangeOf = (prefix: string, first: number, last: number) =>
  first === last
    ? creditSerial(prefix, first)
    : `${creditSerial(prefix, first)} to ${creditSerial(prefix, last)}`;

export function transfer(ctx: AppContext, caller: Caller, body: CreditTransfer, idempotencyKey?: string) {
  const org = caller.organizationId;
  const scope = { organizationId: org, route: 'credits:transfer', key: idempotencyKey };
  return idempotent(ctx.db, scope, body, async (tx) => {
    const to = await repo.organizationBySlug(tx, body.to_organization);
    if (to?.id === org) {
      const message = 'These credits are already yours: name another organization';
      throw unprocessable(message, { fields: { 'body.to_organization': message } });
    }
    if (!to) {
      const message = `No organization has the identifier ${body.to_organization}`;
      throw new AppError('not_found', message, { fields: { 'body.to_organization': message } });
    }
    const movement = await transferIn(tx, caller, { ...body, to });
    return { status: 201, body: { movement } };
  });
}

/**
 * Transfers the first `quantity` serials of the caller's block to another organization, in the caller's
 * transaction (a marketplace deal moves the credits it sold in its own); answers the movement.
 */
export async function transferIn(
  tx: Tx,
  caller: Caller,
  body: { block_id: string; quantity: number; to: repo.OrganizationRow; note?: string | null },
) {
  const org = caller.organizationId;
  const to = body.to;
  const block = await movable(tx, caller, body.block_id, body.quantity);
  if (body.quantity === block.held) await repo.setHolder(tx, block.id, to.id);
  else {
    await repo.shrinkBlock(tx, block.id, block.lastMoved + 1);
    await repo.insertBlock(tx, {
      id: uuidv7(),
      orgId: to.id,
      batchId: block.batch_id,
      firstNo: block.first_no,
      lastNo: block.lastMoved,
    });
  }
  const movementId = uuidv7();
  await repo.insertMovement(tx, {
    id: movementId,
    batchId: block.batch_id,
    firstNo: block.first_no,
    lastNo: block.lastMoved,
    kind: 'transferred',
    fromOrgId: org,
    toOrgId: to.id,
    note: body.note ?? null,
    userId: caller.userId,
  });
  await logVersion(tx, block.issuer_id, block.batch_id, 'transferred');
  const range = rangeOf(block.serial_prefix, block.first_no, block.lastMoved);
  const after = { batch_id: block.batch_id, range, quantity: body.quantity, to: to.slug };
  await logChange(tx, caller, {
    type: 'UPDATE_RECORD',
    entityType: 'credit_batch',
    entityId: block.batch_id,
    description: `Transferred ${credits(body.quantity)} ${range} to ${to.name}`,
    after,
  });
  // The recipient's own trail says where its credits came from.
  const from = await repo.organizationById(tx, org);
  await audit(tx, {
    organizationId: to.id,
    actorUserId: caller.userId,
    action: 'credit_batch.received',
    entityType: 'credit_batch',
    entityId: block.batch_id,
    after: { ...after, from: from?.slug },
  });
  const [movement] = await listMovements(tx, org, { id: movementId, limit: 1 });
  if (!movement) throw new Error('the transfer’s movement was not read back');
  return toMovement(org, movement);
}

export function retire(ctx: AppContext, caller: Caller, body: CreditRetire, idempotencyKey?: string) {
  const org = caller.organizationId;
  const scope = { organizationId: org, route: 'credits:retire', key: idempotencyKey };
  return idempotent(ctx.db, scope, body, async (tx) => {
    const block = await movable(tx, caller, body.block_id, body.quantity);
    const retirement = {
      beneficiary: body.beneficiary,
      complianceYear: body.compliance_year,
      purpose: body.purpose,
      userId: caller.userId,
    };
    let retiredId = block.id;
    if (body.quantity === block.held) await repo.retireWhole(tx, block.id, retirement);
    else {
      retiredId = uuidv7();
      await repo.shrinkBlock(tx, block.id, block.lastMoved + 1);
      await repo.insertBlock(tx, {
        id: retiredId,
        orgId: org,
        batchId: block.batch_id,
        firstNo: block.first_no,
        lastNo: block.lastMoved,
        retired: retirement,
      });
    }
    await repo.insertMovement(tx, {
      id: uuidv7(),
      batchId: block.batch_id,
      firstNo: block.first_no,
      lastNo: block.lastMoved,
      kind: 'retired',
      fromOrgId: org,
      toOrgId: org,
      retired: retirement,
      userId: caller.userId,
    });
    await logVersion(tx, block.issuer_id, block.batch_id, 'retired');
    const range = rangeOf(block.serial_prefix, block.first_no, block.lastMoved);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'credit_batch',
      entityId: block.batch_id,
      description: `Retired ${credits(body.quantity)} ${range} on behalf of ${body.beneficiary} for ${body.compliance_year} (${body.purpose})`,
      after: {
        batch_id: block.batch_id,
        range,
        quantity: body.quantity,
        beneficiary: body.beneficiary,
        compliance_year: body.compliance_year,
        purpose: body.purpose,
      },
    });
    const [retired] = await listBlocks(tx, { id: retiredId, limit: 1 });
    if (!retired) throw new Error('the retired block was not read back');
    return { status: 201, body: toBlock(retired) };
  });
}
