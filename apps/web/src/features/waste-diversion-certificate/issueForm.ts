import {
  type CertificateInput,
  certificateFields,
  certificateLineInputSchema,
  certificatePeriodIssues,
  type DiversionFate,
  formatKg,
  parseUnits,
} from '@plastrace/shared';
import { z } from 'zod';
import { toLocalInput } from '../../components/common/datetime.ts';
import type { Available } from './api.ts';

// The issue form, checked by the route's own field schemas: one row per material type × fate the period
// has unclaimed (its available kg the row's most), a row left blank is not claimed; the server's
// refusals of a sent line are put back under the row it came from.

const wire = certificateFields.shape;
const wireKg = certificateLineInputSchema.shape.kg;

/** A row's kg as typed: blank (not claimed) or the wire's decimal, with its words. */
const kgText = z.string().transform((v, ctx) => {
  const text = v.trim();
  if (!text) return '';
  const read = wireKg.safeParse(text);
  if (read.success) return read.data;
  for (const issue of read.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

const row = z.object({
  material_type: z.string(),
  name: z.string(),
  fate: z.enum(['recycling', 'co_processing']),
  max: z.string(),
  kg: kgText,
});
export type LineRow = z.input<typeof row>;

export const NONE_CLAIMED = 'Enter the kilograms to certify of at least one material';

export const issueFormSchema = z
  .object({
    client_name: wire.client_name,
    client_type: wire.client_type,
    client_address: wire.client_address,
    period_from: wire.period_from,
    period_to: wire.period_to,
    signatory_name: wire.signatory_name,
    signatory_title: wire.signatory_title,
    notes: wire.notes,
    lines: z.array(row),
  })
  // Also while another field is refused, so every message shows at once (values may be unchecked here).
  .superRefine(
    (v, ctx) => {
      for (const issue of certificatePeriodIssues(v)) ctx.addIssue({ code: 'custom', ...issue });
      const rows = v.lines ?? [];
      if (!rows.some((r) => String(r.kg ?? '').trim()))
        ctx.addIssue({ code: 'custom', path: ['lines'], message: NONE_CLAIMED });
      rows.forEach((r, i) => {
        const kg = parseUnits(String(r.kg ?? ''), 3);
        const max = parseUnits(r.max, 3);
        if (kg !== null && max !== null && kg > max)
          ctx.addIssue({
            code: 'custom',
            path: ['lines', i, 'kg'],
            message: `At most ${formatKg(r.max)} is unclaimed`,
          });
      });
    },
    { when: () => true },
  );
export type IssueFormValues = z.input<typeof issueFormSchema>;

/** The month so far, in the organization's time zone. */
export function newValues(timeZone: string, now = new Date()): IssueFormValues {
  const today = toLocalInput(now, timeZone).slice(0, 10);
  return {
    client_name: '',
    client_type: '' as IssueFormValues['client_type'],
    client_address: '',
    period_from: `${today.slice(0, 8)}01`,
    period_to: today,
    signatory_name: '',
    signatory_title: '',
    notes: '',
    lines: [],
  };
}

const keyOf = (r: { materialType: string; fate: string } | { material_type: string; fate: string }) =>
  'materialType' in r ? `${r.materialType}/${r.fate}` : `${r.material_type}/${r.fate}`;

/** The period's rows, keeping what was typed in rows that are still there. */
export function rowsOf(available: Available, previous: LineRow[]): LineRow[] {
  const typed = new Map(previous.map((r) => [keyOf(r), r.kg]));
  return available.rows.map((a) => ({
    material_type: a.materialType,
    name: a.name,
    fate: a.fate as DiversionFate,
    max: a.availableKg,
    kg: typed.get(keyOf(a)) ?? '',
  }));
}

/** The checked form as the API's body, and which form row each sent line came from. */
export function toInput(checked: z.output<typeof issueFormSchema>): {
  input: CertificateInput;
  rowOf: number[];
} {
  const { lines, ...fields } = checked;
  const rowOf = lines.flatMap((l, i) => (l.kg ? [i] : []));
  return {
    input: {
      ...fields,
      lines: rowOf.map((i) => {
        const l = lines[i] as (typeof lines)[number];
        return { material_type: l.material_type, fate: l.fate, kg: l.kg };
      }),
    },
    rowOf,
  };
}

/** The server's field errors, a sent line's put under the row it came from. */
export function formErrorsOf(fields: Record<string, string>, rowOf: number[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, message]) => {
      const m = /^lines\.(\d+)\.(.+)$/.exec(key);
      const row = m ? rowOf[Number(m[1])] : undefined;
      return [
        m && row !== undefined ? `lines.${row}.${m[2] === 'material_type' ? 'kg' : m[2]}` : key,
        message,
      ];
    }),
  );
}
