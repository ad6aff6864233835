import { bomCreateSchema, bomVersionInputSchema, componentCreateSchema } from '@plastrace/shared';
import type { AppContext } from '../context.ts';
import * as boms from '../modules/boms/boms.service.ts';
import * as components from '../modules/components/components.service.ts';
import type { Caller } from '../plugins/auth.ts';

export type ProductCounts = { components: number; products: number };

// The packaging of a few products a Philippine brand puts on the market (a manufacturer's view of the
// same demo organization): what its RA 11898 plastic footprint is computed from. Masses are typical
// of such packs, not measured ones.
const COMPONENTS = [
  {
    code: 'BTL-500',
    name: 'PET bottle 500 ml',
    polymer: 'PET',
    packaging_category: 'rigid',
    mass_g: '24.5',
    recycled_content_pct: '0',
    colour: 'clear',
  },
  {
    code: 'BTL-500-LW',
    name: 'PET bottle 500 ml, lightweighted, 30 % rPET',
    polymer: 'PET',
    packaging_category: 'rigid',
    mass_g: '21.8',
    recycled_content_pct: '30',
    colour: 'clear',
  },
  {
    code: 'CAP-28',
    name: 'PP cap 28 mm',
    polymer: 'PP',
    packaging_category: 'rigid',
    mass_g: '2.1',
    colour: 'blue',
  },
  {
    code: 'LBL-WRAP',
    name: 'PP wrap-around label',
    polymer: 'PP',
    packaging_category: 'flexible_laminate',
    mass_g: '0.65',
  },
  {
    code: 'FILM-SHRINK-24',
    name: 'LDPE shrink film, 24-pack',
    polymer: 'LDPE',
    packaging_category: 'flexible_laminate',
    mass_g: '28',
  },
  {
    code: 'SACHET-10',
    name: 'Sachet laminate, 10 ml',
    polymer: 'OTHER',
    packaging_category: 'sachet',
    mass_g: '1.2',
  },
  { code: 'BAG-SANDO', name: 'LDPE sando bag', polymer: 'LDPE', packaging_category: 'bag', mass_g: '4.5' },
] as const;

/** Components and three products with their bills of materials, through the real services. */
export async function seedProducts(ctx: AppContext, manager: Caller, asOf: Date): Promise<ProductCounts> {
  const id = new Map<string, string>();
  for (const c of COMPONENTS) {
    const made = await components.create(ctx, manager, componentCreateSchema.parse(c));
    id.set(c.code, made.id);
  }
  const line = (code: string, quantity: string) => ({ component_id: id.get(code) ?? '', quantity });
  const day = (monthsBack: number) =>
    new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);
  const water = await boms.create(
    ctx,
    manager,
    bomCreateSchema.parse({
      code: 'MAL-H2O-500',
      name: 'Malinis purified water 500 ml',
      gtin: '4800888000361',
      unit: 'bottle',
      packaging_format: 'PET bottle, PP cap, wrap label',
      first_version: {
        effective_from: day(12),
        lines: [line('BTL-500', '1'), line('CAP-28', '1'), line('LBL-WRAP', '1')],
      },
    }),
  );
  // The brand switched to a lighter bottle with recycled PET: a new version, the old one kept.
  await boms.addVersion(
    ctx,
    manager,
    water.id,
    bomVersionInputSchema.parse({
      effective_from: day(2),
      notes: 'Lightweighted bottle with 30 % rPET',
      lines: [line('BTL-500-LW', '1'), line('CAP-28', '1'), line('LBL-WRAP', '1')],
    }),
  );
  await boms.create(
    ctx,
    manager,
    bomCreateSchema.parse({
      code: 'MAL-H2O-500-24',
      name: 'Malinis purified water 500 ml, 24-pack',
      unit: 'pack',
      packaging_format: '24 bottles in shrink film',
      first_version: {
        effective_from: day(2),
        lines: [
          line('BTL-500-LW', '24'),
          line('CAP-28', '24'),
          line('LBL-WRAP', '24'),
          line('FILM-SHRINK-24', '1'),
        ],
      },
    }),
  );
  await boms.create(
    ctx,
    manager,
    bomCreateSchema.parse({
      code: 'LINIS-SHMP-10',
      name: 'Linis shampoo sachet 10 ml',
      unit: 'sachet',
      packaging_format: 'Single-use sachet',
      first_version: { effective_from: day(12), lines: [line('SACHET-10', '1')] },
    }),
  );
  return { components: COMPONENTS.length, products: 3 };
}
