import {
  type MarketListingFields,
  marketListingFields,
  marketListingIssues,
  marketListingLotInputSchema,
} from '@plastrace/shared';
import { z } from 'zod';
import { leftOutWhenBlank } from '../../components/common/schemaForm.ts';

// The create-listing form checked by the wire's own fields and rules (marketListingIssues), with text
// inputs left blank meaning "not sent". The location comes from a facility; photos are not offered yet.

const f = marketListingFields.shape;

const fields = z.object({
  side: f.side,
  kind: f.kind,
  title: f.title,
  description: leftOutWhenBlank(f.description),
  material_id: leftOutWhenBlank(f.material_id),
  polymer: leftOutWhenBlank(f.polymer),
  form: leftOutWhenBlank(f.form),
  grade: leftOutWhenBlank(f.grade),
  lots: z.array(marketListingLotInputSchema),
  quantity: leftOutWhenBlank(f.quantity),
  credit_block_id: leftOutWhenBlank(f.credit_block_id),
  min_order: leftOutWhenBlank(f.min_order),
  price: leftOutWhenBlank(f.price),
  facility_id: leftOutWhenBlank(f.facility_id),
  available_from: leftOutWhenBlank(f.available_from),
  available_until: leftOutWhenBlank(f.available_until),
});
type Parsed = z.output<typeof fields>;

/**
 * What is sent: only the fields this side and kind of listing have, so what was chosen before switching
 * (a material, lots, a credit block) neither travels nor is refused; a sell listing of lots has their sum
 * as its quantity.
 */
function sent(v: Parsed): MarketListingFields {
  const common = {
    side: v.side,
    kind: v.kind,
    title: v.title,
    description: v.description,
    min_order: v.min_order,
    price: v.price,
    facility_id: v.facility_id,
    available_from: v.available_from,
    available_until: v.available_until,
  };
  if (v.kind === 'credits')
    return {
      ...common,
      quantity: v.quantity,
      credit_block_id: v.side === 'sell' ? v.credit_block_id : undefined,
    };
  if (v.side === 'buy')
    return { ...common, polymer: v.polymer, form: v.form, grade: v.grade, quantity: v.quantity };
  if (v.lots.length > 0) return { ...common, material_id: v.material_id, lots: v.lots };
  return { ...common, material_id: v.material_id, quantity: v.quantity };
}

export const listingFormSchema = fields.superRefine((v, ctx) => {
  for (const issue of marketListingIssues(sent(v))) ctx.addIssue({ code: 'custom', ...issue });
});

export type ListingFormValues = z.input<typeof listingFormSchema>;

export const emptyListing: ListingFormValues = {
  side: 'sell',
  kind: 'material',
  title: '',
  description: '',
  material_id: '',
  polymer: '',
  form: '',
  grade: '',
  lots: [],
  quantity: '',
  credit_block_id: '',
  min_order: '',
  price: '',
  facility_id: '',
  available_from: '',
  available_until: '',
};

/** The create body in the wire's keys, without the fields left blank. */
export function listingBody(values: ListingFormValues): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(sent(listingFormSchema.parse(values))).filter(([, x]) => x !== undefined),
  );
}
