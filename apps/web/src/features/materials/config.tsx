import { Text } from '@mantine/core';
import { MATERIAL_FORMS, type materialSchema, POLYMERS } from '@plastrace/shared';
import type { Wire } from '../../api/caseConvert.ts';
import { defineEntity } from '../catalog/entity.ts';
import { optionsOf } from '../catalog/formModel.ts';
import { useMaterialTypeOptions } from '../catalog/referenceApi.ts';

export type Material = Wire<typeof materialSchema>;
const POLYMER_OPTIONS = optionsOf(POLYMERS, (p) => (p === 'OTHER' ? 'Other' : p));
const FORM_OPTIONS = optionsOf(MATERIAL_FORMS);
const RESIN_OPTIONS = ['1', '2', '3', '4', '5', '6', '7'].map((v) => ({ value: v, label: v }));

/** The organization's materials (what is bought, sold and counted), each tied to a reference type. */
export const materialsConfig = defineEntity<Material>({
  resource: 'materials',
  noun: 'material',
  plural: 'Materials',
  purpose:
    'What you buy, process and sell, by polymer, form and grade: every delivery line, lot and price names one.',
  searchPlaceholder: 'Code or name',
  filters: [
    { name: 'polymer', label: 'Polymer', options: POLYMER_OPTIONS },
    { name: 'form', label: 'Form', options: FORM_OPTIONS },
  ],
  columns: [
    { label: 'Polymer', render: (m) => m.polymer },
    { label: 'Form', render: (m) => FORM_OPTIONS.find((o) => o.value === m.form)?.label ?? m.form },
    { label: 'Grade', render: (m) => m.grade },
    { label: 'Resin code', render: (m) => m.resinCode ?? '—' },
    { label: 'Reference type', render: (m) => m.typeCode ?? '—' },
    {
      label: 'GTIN',
      render: (m) =>
        m.gtin ? (
          <Text span ff="monospace" size="sm">
            {m.gtin}
          </Text>
        ) : (
          '—'
        ),
    },
  ],
  defaults: { grade: 'A', isVirgin: 'false' },
  fields: [
    { name: 'code', label: 'Code', required: true, placeholder: 'PET-CLR-A' },
    { name: 'name', label: 'Name', required: true },
    {
      name: 'polymer',
      label: 'Polymer',
      required: true,
      options: POLYMER_OPTIONS,
      placeholder: 'Choose a polymer',
    },
    { name: 'form', label: 'Form', required: true, options: FORM_OPTIONS, placeholder: 'Choose a form' },
    { name: 'grade', label: 'Grade', required: true },
    { name: 'resinCode', label: 'Resin code', kind: 'int', options: RESIN_OPTIONS, placeholder: 'None' },
    {
      name: 'typeCode',
      label: 'Reference material type',
      options: useMaterialTypeOptions,
      placeholder: 'None',
      description: 'What it counts as for emission factors and EPR reports',
      span: 2,
    },
    {
      name: 'isVirgin',
      label: 'Origin',
      options: [
        { value: 'false', label: 'Recovered (post-consumer or post-industrial)' },
        { value: 'true', label: 'Virgin resin' },
      ],
      description: 'Lots of virgin resin carry no recycled content into what is made of them',
    },
    {
      name: 'gtin',
      label: 'GTIN',
      placeholder: 'None',
      description:
        'The GTIN of the material as traded (flake, pellet): 8, 12, 13 or 14 digits, check digit verified; its lots’ GS1 Digital Links name it. It must carry your GS1 company prefix when the organization settings have one.',
      span: 2,
    },
  ],
});
