import {
  type componentSchema,
  formatGrams,
  PACKAGING_CATEGORIES,
  PACKAGING_CATEGORY_LABELS,
  POLYMERS,
} from '@plastrace/shared';
import type { Wire } from '../../api/caseConvert.ts';
import { defineEntity } from '../catalog/entity.ts';
import { optionsOf } from '../catalog/formModel.ts';
import { useMaterialOptions } from '../receive-records/api.ts';

export type ComponentRecord = Wire<typeof componentSchema>;
const POLYMER_OPTIONS = optionsOf(POLYMERS, (p) => (p === 'OTHER' ? 'Other' : p));
const CATEGORY_OPTIONS = PACKAGING_CATEGORIES.map((c) => ({ value: c, label: PACKAGING_CATEGORY_LABELS[c] }));
const useMaterialChoices = () =>
  (useMaterialOptions().data?.items ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }));

/** The parts of a product's packaging, for bills of materials and the RA 11898 footprint. */
export const componentsConfig = defineEntity<ComponentRecord>({
  resource: 'components',
  noun: 'component',
  plural: 'Components',
  purpose:
    'The parts of your products’ packaging — bottle, cap, label, sachet film — with their plastic, weight and recycled content: bills of materials are made of them.',
  searchPlaceholder: 'Code, name or colour',
  filters: [
    { name: 'polymer', label: 'Polymer', options: POLYMER_OPTIONS },
    { name: 'packagingCategory', label: 'RA 11898 category', options: CATEGORY_OPTIONS },
  ],
  columns: [
    { label: 'Polymer', render: (c) => c.polymer },
    { label: 'Category', render: (c) => PACKAGING_CATEGORY_LABELS[c.packagingCategory] },
    { label: 'Mass', render: (c) => formatGrams(c.massG) },
    { label: 'Recycled content', render: (c) => `${c.recycledContentPct} %` },
    { label: 'Colour', render: (c) => c.colour ?? '—' },
  ],
  defaults: { recycledContentPct: '0' },
  fields: [
    { name: 'code', label: 'Code', required: true, placeholder: 'CAP-28' },
    { name: 'name', label: 'Name', required: true },
    {
      name: 'polymer',
      label: 'Polymer',
      required: true,
      options: POLYMER_OPTIONS,
      placeholder: 'Choose a polymer',
    },
    {
      name: 'packagingCategory',
      label: 'RA 11898 packaging category',
      required: true,
      options: CATEGORY_OPTIONS,
      placeholder: 'Choose a category',
    },
    { name: 'massG', label: 'Mass (g)', kind: 'decimal', required: true },
    { name: 'recycledContentPct', label: 'Recycled content (%)', kind: 'decimal' },
    { name: 'colour', label: 'Colour' },
    {
      name: 'materialId',
      source: 'material.id',
      label: 'Made of material',
      options: useMaterialChoices,
      placeholder: 'None',
    },
  ],
});
