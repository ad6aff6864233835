import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { lots, materials } from '../db/schema/index.ts';
import * as passports from '../modules/passports/passports.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { clockAt } from './clock.ts';

export type PassportCounts = { passports: number };

/**
 * The demo's newest pellet lot still on hand gets a published passport (and a draft on the one before),
 * through the passports service as a manager would: what a buyer's scan of a demo bag would read.
 */
export async function seedPassports(ctx: AppContext, tx: Tx, manager: Caller): Promise<PassportCounts> {
  const pellets = await tx
    .select({ id: lots.id, createdAt: lots.createdAt })
    .from(lots)
    .innerJoin(materials, eq(materials.id, lots.materialId))
    .where(
      and(
        eq(lots.organizationId, manager.organizationId),
        eq(materials.form, 'pellet'),
        inArray(lots.status, ['available', 'dispatched']),
        eq(lots.originType, 'production_output'),
      ),
    )
    .orderBy(desc(lots.createdAt), desc(lots.id))
    .limit(2);
  const [published, draft] = pellets;
  if (!published) return { passports: 0 };
  // The manager publishes the passport two hours after the lot came off the extruder.
  await clockAt(tx, published.createdAt, 120);
  const { id } = await passports.create(ctx, manager, published.id);
  const { version } = await passports.get(ctx, manager, id);
  await passports.update(ctx, manager, id, {
    details: {
      certificates: [],
      notes: null,
      recycling_instructions: 'Recycle with PET bottles and containers (resin code 1).',
    },
    version,
  });
  await passports.publish(ctx, manager, id);
  if (draft) await passports.create(ctx, manager, draft.id);
  return { passports: draft ? 2 : 1 };
}
