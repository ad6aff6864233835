import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, materials, organizations, suppliers } from '../../db/schema/index.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { insertCustomer } from '../customers/customers.repo.ts';
import { insertMaterial } from '../materials/materials.repo.ts';
import { insertSupplier } from '../suppliers/suppliers.repo.ts';

// A deal's orders are ordinary orders of each organization, so each needs the other party as its own
// customer or supplier (customers/suppliers.market_organization_id: one per pair, made by the first deal)
// and a material of its own. Both are master data the organization may edit afterwards like any other.

type Org = typeof organizations.$inferSelect;
type Polymer = typeof materials.$inferSelect.polymer;
type Form = typeof materials.$inferSelect.form;

/** What the material traded is, whichever party's material it is named by. */
export type Traded = { polymer: Polymer; form: Form | null; grade: string | null; name: string };

// The sign-up business role says what a buyer does with what it buys; a customer's type says which fate
// a dispatch to it recovers (docs/architecture.md "EPR"), so only roles that transform plastic map.
const CUSTOMER_TYPES: Record<string, typeof customers.$inferSelect.type> = {
  Recycler: 'recycler',
  Processor: 'recycler',
  Manufacturer: 'manufacturer',
  BrandOwner: 'brand_owner',
};
const RESIN_CODES: Record<string, number> = { PET: 1, HDPE: 2, PVC: 3, LDPE: 4, PP: 5, PS: 6, OTHER: 7 };

export async function organizationOf(tx: Tx, id: string): Promise<Org> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id));
  if (!row) throw new Error(`organization ${id} not found`);
  return row;
}

/** MKT-ECOPLAST: the other organization's slug; its id's end when a record of the code exists. */
const codeOf = (org: Org, taken: boolean) =>
  `MKT-${org.slug
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16)}${taken ? `-${org.id.slice(-6).toUpperCase()}` : ''}`;

/** The seller's customer that is the buyer organization, made on the first deal between them. */
export async function customerFor(tx: Tx, caller: Caller, buyer: Org): Promise<string> {
  const org = caller.organizationId;
  const mine = and(eq(customers.organizationId, org), eq(customers.marketOrganizationId, buyer.id));
  const [found] = await tx
    .select({ id: customers.id, archivedAt: customers.archivedAt })
    .from(customers)
    .where(mine);
  if (found) {
    if (found.archivedAt)
      await tx.update(customers).set({ archivedAt: null }).where(eq(customers.id, found.id));
    return found.id;
  }
  const [clash] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, org), eq(customers.code, codeOf(buyer, false))));
  const code = codeOf(buyer, !!clash);
  const id = await insertCustomer(tx, org, {
    code,
    name: buyer.name,
    type: CUSTOMER_TYPES[buyer.businessRole ?? ''] ?? 'manufacturer',
    country: buyer.country,
    marketOrganizationId: buyer.id,
  });
  await logChange(tx, caller, {
    type: 'CREATE_RECORD',
    entityType: 'customer',
    entityId: id,
    description: `Created customer ${code} (${buyer.name}) for a marketplace deal`,
  });
  return id;
}

/** The buyer's supplier that is the seller organization, made on the first deal between them. */
export async function supplierFor(tx: Tx, caller: Caller, seller: Org): Promise<string> {
  const org = caller.organizationId;
  const mine = and(eq(suppliers.organizationId, org), eq(suppliers.marketOrganizationId, seller.id));
  const [found] = await tx
    .select({ id: suppliers.id, archivedAt: suppliers.archivedAt })
    .from(suppliers)
    .where(mine);
  if (found) {
    if (found.archivedAt)
      await tx.update(suppliers).set({ archivedAt: null }).where(eq(suppliers.id, found.id));
    return found.id;
  }
  const [clash] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.organizationId, org), eq(suppliers.code, codeOf(seller, false))));
  const code = codeOf(seller, !!clash);
  const id = await insertSupplier(tx, org, {
    code,
    name: seller.name,
    type: 'company',
    marketOrganizationId: seller.id,
  });
  await logChange(tx, caller, {
    type: 'CREATE_RECORD',
    entityType: 'supplier',
    entityId: id,
    description: `Created supplier ${code} (${seller.name}) for a marketplace deal`,
  });
  return id;
}

/**
 * The code, or the code with -2, -3… when a material of the organization has it: an archived or virgin
 * material, or one of another grade's spelling, is not reused but keeps its code.
 */
async function freeMaterialCode(tx: Tx, org: string, code: string): Promise<string> {
  const rows = await tx
    .select({ code: materials.code })
    .from(materials)
    .where(and(eq(materials.organizationId, org), sql`${materials.code} LIKE ${`${code}%`}`));
  const taken = new Set(rows.map((r) => r.code));
  let n = 1;
  while (taken.has(n === 1 ? code : `${code}-${n}`)) n++;
  return n === 1 ? code : `${code}-${n}`;
}

/**
 * The organization's material for what was traded: the listing's own when it is the caller's, else its
 * unarchived material of the same polymer, form and grade (any form or grade when none is named), else a
 * new one (of mixed form when none is named).
 */
export async function materialFor(
  tx: Tx,
  caller: Caller,
  traded: Traded,
  own: string | null,
): Promise<string> {
  const org = caller.organizationId;
  if (own) return own;
  const [found] = await tx
    .select({ id: materials.id })
    .from(materials)
    .where(
      and(
        eq(materials.organizationId, org),
        eq(materials.polymer, traded.polymer),
        traded.form ? eq(materials.form, traded.form) : undefined,
        // Grades are typed by people: 'a' and 'A' are one grade.
        traded.grade ? sql`lower(${materials.grade}) = lower(${traded.grade})` : undefined,
        eq(materials.isVirgin, false),
        isNull(materials.archivedAt),
      ),
    )
    .orderBy(materials.createdAt)
    .limit(1);
  if (found) return found.id;
  const grade = traded.grade ?? 'A';
  const form = traded.form ?? 'mixed';
  const code = await freeMaterialCode(
    tx,
    org,
    `MKT-${traded.polymer}-${form}-${grade}`.toUpperCase().replace(/[^A-Z0-9-]/g, ''),
  );
  const id = await insertMaterial(tx, org, {
    code,
    name: traded.name,
    polymer: traded.polymer,
    form,
    grade,
    resinCode: RESIN_CODES[traded.polymer] ?? null,
  });
  await logChange(tx, caller, {
    type: 'CREATE_RECORD',
    entityType: 'material',
    entityId: id,
    description: `Created material ${code} (${traded.name}) for a marketplace deal`,
  });
  return id;
}
