import type { orgProcessTypeSchema } from '@plastrace/shared';
import type { Wire } from '../../api/caseConvert.ts';
import { defineEntity } from './entity.ts';
import { useProcessTypeOptions } from './referenceApi.ts';

export type OrgProcessType = Wire<typeof orgProcessTypeSchema>;

/** The organization's own process steps, each counted as a reference process type. */
export const processTypesConfig = defineEntity<OrgProcessType>({
  resource: 'process-types',
  noun: 'process type',
  plural: 'Process types',
  purpose:
    'Your names for the processes you run (sorting, washing, shredding, extrusion), each tied to a reference process and its energy use per tonne.',
  searchPlaceholder: 'Code or name',
  filters: [{ name: 'referenceCode', label: 'Reference', options: useProcessTypeOptions }],
  columns: [
    { label: 'Reference', render: (p) => p.referenceName },
    { label: 'kWh/t', render: (p) => p.kwhPerTonne ?? `${p.referenceKwhPerTonne ?? '—'} (reference)` },
  ],
  fields: [
    { name: 'code', label: 'Code', required: true },
    { name: 'name', label: 'Name', required: true },
    {
      name: 'referenceCode',
      label: 'Reference process type',
      required: true,
      options: useProcessTypeOptions,
      placeholder: 'Choose one',
    },
    {
      name: 'kwhPerTonne',
      label: 'kWh per tonne',
      kind: 'decimal',
      description: 'Empty: the reference figure',
    },
    { name: 'description', label: 'Description', kind: 'textarea', span: 2 },
  ],
});
