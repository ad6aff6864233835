import type { EnergyConsumption } from '@plastrace/shared';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eprCountries, eprTargets, materialTypes, processTypes } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import { callPosting } from '../posting/posting.ts';

export type MaterialTypeFilter = {
  limit: number;
  after?: [number, string];
  q?: string;
  polymer?: string;
};

export async function listMaterialTypes(db: Db, f: MaterialTypeFilter) {
  const t = materialTypes;
  const where: (SQL | undefined)[] = [];
  if (f.after) where.push(sql`(${t.sortOrder}, ${t.code}) > (${f.after[0]}, ${f.after[1]})`);
  if (f.polymer) where.push(eq(t.polymer, f.polymer));
  if (f.q) {
    const p = containsPattern(f.q);
    where.push(or(ilike(t.name, p), ilike(t.code, p), ilike(t.description, p)));
  }
  return db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.sortOrder), asc(t.code))
    .limit(f.limit);
}

export function listProcessTypes(db: Db) {
  return db.select().from(processTypes).orderBy(asc(processTypes.sortOrder));
}

export function listEprCountries(db: Db) {
  return db.select().from(eprCountries).orderBy(asc(eprCountries.name));
}

export function listEprTargets(db: Db) {
  return db.select().from(eprTargets).orderBy(asc(eprTargets.countryCode), asc(eprTargets.year));
}

/** The energy calculator (energy_consumption, migration 0013): pt_energy, the rule posting uses. */
export const energyConsumption = (db: Db, input: object) =>
  callPosting<EnergyConsumption>(db, 'energy_consumption', input);
