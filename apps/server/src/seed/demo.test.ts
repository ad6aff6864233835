import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { facilities, organizations, prices, suppliers } from '../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { seedDemo, seedDemoIfEmpty } from './demo.ts';

const asOf = new Date('2026-11-01T00:00:00Z');
let a: TestDatabase;
let b: TestDatabase;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([a?.drop(), b?.drop()]);
});

async function snapshot(db: Db, slug: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  if (!org) throw new Error('no org');
  const sup = await db
    .select({ code: suppliers.code, name: suppliers.name, type: suppliers.type, phone: suppliers.phone })
    .from(suppliers)
    .where(eq(suppliers.organizationId, org.id))
    .orderBy(asc(suppliers.code));
  const pr = await db
    .select({ region: prices.region, price: prices.pricePerKg, from: prices.effectiveFrom })
    .from(prices)
    .where(eq(prices.organizationId, org.id))
    .orderBy(asc(prices.region), asc(prices.effectiveFrom), asc(prices.pricePerKg));
  return { sup, pr };
}

describe('demo seed', () => {
  it('is deterministic: the same seed gives the same data', async () => {
    await seedDemo(a.db, { seed: 42, asOf });
    await seedDemo(b.db, { seed: 42, asOf });
    expect(await snapshot(a.db, 'demo')).toEqual(await snapshot(b.db, 'demo'));
    await seedDemo(b.db, { seed: 43, asOf, slug: 'other' });
    expect((await snapshot(b.db, 'other')).sup).not.toEqual((await snapshot(b.db, 'demo')).sup);
  });

  it('fills Philippine facilities in Metro Manila and Cebu, suppliers of every kind and PHP prices', async () => {
    const fac = await a.db.select().from(facilities);
    expect(new Set(fac.map((f) => f.province))).toEqual(new Set(['Metro Manila', 'Cebu']));
    const types = new Set((await a.db.select({ t: suppliers.type }).from(suppliers)).map((s) => s.t));
    expect(types).toEqual(
      new Set(['waste_picker', 'junkshop', 'aggregator', 'cooperative', 'lgu', 'company']),
    );
    const pr = await a.db.select().from(prices);
    expect(pr.every((p) => p.currency === 'PHP' && Number(p.pricePerKg) > 0)).toBe(true);
    const [org] = await a.db.select().from(organizations);
    expect(org).toMatchObject({ defaultCurrency: 'PHP', timeZone: 'Asia/Manila', isDemo: true });
  });

  it('grows with --scale', async () => {
    const small = await seedDemo(a.db, { seed: 1, asOf, slug: 's1' });
    const big = await seedDemo(a.db, { seed: 1, asOf, slug: 's4', scale: 4 });
    expect(big.counts.suppliers).toBe(small.counts.suppliers * 4);
    expect(big.counts.prices).toBe(small.counts.prices * 4);
  });

  it('refuses a taken slug and leaves nothing half-written', async () => {
    const before = (await a.db.select().from(suppliers)).length;
    await expect(seedDemo(a.db, { seed: 9, asOf })).rejects.toThrow(/already exists/);
    expect((await a.db.select().from(suppliers)).length).toBe(before);
  });

  it('seeds an empty database only', async () => {
    expect(await seedDemoIfEmpty(a.db, { seed: 1, asOf })).toBeUndefined();
  });
});
