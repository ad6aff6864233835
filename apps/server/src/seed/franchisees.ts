import { franchiseeCreateSchema } from '@plastrace/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { suppliers } from '../db/schema/index.ts';
import { dayIn } from '../lib/time.ts';
import * as franchisees from '../modules/franchisees/franchisees.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { DEMO_ORG } from './data.ts';

export type FranchiseeCounts = { franchisees: number };

// Three of the demo's Metro Manila junkshops and scrap traders run under the plant's brand, one fee kind
// each. The newest signed three months before the demo's day, so its earlier months owe no fee.

const FRANCHISEES = [
  {
    supplier: 'JM Santos Junkshop',
    code: 'FR-TONDO',
    name: 'Malinis Collection Point Tondo',
    owner_name: 'Jose Maria Santos',
    phone: '0917 555 0143',
    address_line: '1187 Juan Luna St., Gagalangin',
    city: 'Manila',
    latitude: '14.619870',
    longitude: '120.968210',
    startedMonthsAgo: 18,
    fee_kind: 'royalty_pct',
    fee_value: '3.50',
    monthly_target_kg: '1500',
  },
  {
    supplier: 'Tatay Ben Junkshop',
    code: 'FR-CALOOCAN',
    name: 'Malinis Collection Point Caloocan',
    owner_name: 'Benigno Cruz',
    phone: '0928 555 0177',
    address_line: '45 Samson Road, Sangandaan',
    city: 'Caloocan',
    latitude: '14.657410',
    longitude: '120.984020',
    startedMonthsAgo: 8,
    fee_kind: 'per_kg',
    fee_value: '0.25',
    monthly_target_kg: '1200',
  },
  {
    supplier: 'Malabon Scrap Trading',
    code: 'FR-MALABON',
    name: 'Malinis Collection Point Malabon',
    owner_name: 'Liza Villanueva',
    phone: '0939 555 0121',
    address_line: '212 Gov. Pascual Ave., Potrero',
    city: 'Malabon',
    latitude: '14.664580',
    longitude: '120.957330',
    startedMonthsAgo: 3,
    fee_kind: 'fixed_monthly',
    fee_value: '2500.00',
    monthly_target_kg: '2500',
  },
] as const;

/** The three franchisees through the real service, their agreements dated back from the demo's day. */
export async function seedFranchisees(
  ctx: AppContext,
  manager: Caller,
  asOf: Date,
): Promise<FranchiseeCounts> {
  const found = await ctx.db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.organizationId, manager.organizationId),
        inArray(
          suppliers.name,
          FRANCHISEES.map((f) => f.supplier),
        ),
      ),
    );
  const supplierId = new Map(found.map((s) => [s.name, s.id]));
  const month = dayIn(asOf, DEMO_ORG.timeZone).slice(0, 7);
  for (const { supplier, startedMonthsAgo, ...f } of FRANCHISEES) {
    const id = supplierId.get(supplier);
    if (!id) throw new Error(`the demo has no supplier ${supplier}`);
    await franchisees.create(
      ctx,
      manager,
      franchiseeCreateSchema.parse({
        ...f,
        supplier_id: id,
        province: 'Metro Manila',
        agreement_start: `${franchisees.shiftMonth(month, -startedMonthsAgo)}-01`,
      }),
    );
  }
  return { franchisees: FRANCHISEES.length };
}
