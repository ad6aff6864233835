import { bomFigures, bomVersionInputSchema } from '@plastrace/shared';
import { z } from 'zod';
import { leftOutWhenBlank, typed } from '../../components/common/schemaForm.ts';
import type { ComponentOption } from './api.ts';

const wire = bomVersionInputSchema.shape;
const line = wire.lines.element;

/** A BOM version as typed: the wire's own rules, quantities held as typed, rows keyed for React. */
export const versionFormSchema = bomVersionInputSchema.extend({
  notes: leftOutWhenBlank(wire.notes),
  lines: z
    .array(line.extend({ key: z.string(), quantity: typed(line.shape.quantity) }))
    .check(...((wire.lines.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[])),
});
export type VersionValues = z.input<typeof versionFormSchema>;

let seq = 0;
export const emptyLine = () => ({ key: `bom-line-${++seq}`, component_id: '', quantity: '1' });
export const newVersionValues = (today: string): VersionValues => ({
  effective_from: today,
  notes: '',
  lines: [emptyLine()],
});

/** The figures of the lines as typed, with the shared rule the server uses (rows not complete are left out). */
export function liveFigures(lines: VersionValues['lines'], components: ComponentOption[], units = '1') {
  const facts = lines.flatMap((l) => {
    const c = components.find((x) => x.id === l.component_id);
    return c && /^\d+(\.\d{1,4})?$/.test(l.quantity.trim())
      ? [
          {
            quantity: l.quantity.trim(),
            mass_g: c.massG,
            recycled_content_pct: c.recycledContentPct,
            polymer: c.polymer,
            packaging_category: c.packagingCategory,
          },
        ]
      : [];
  });
  return bomFigures(facts, units);
}

/** The checked version as the API's body: the React keys dropped. */
export const versionBody = (v: z.output<typeof versionFormSchema>) => ({
  ...v,
  lines: v.lines.map(({ key: _, ...l }) => l),
});
