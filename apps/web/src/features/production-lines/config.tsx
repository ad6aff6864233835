import type { productionLineSchema } from '@plastrace/shared';
import type { Wire } from '../../api/caseConvert.ts';
import { defineEntity } from '../catalog/entity.ts';
import { useFacilityOptionList, useProcessTypeOptions } from '../catalog/referenceApi.ts';

export type ProductionLine = Wire<typeof productionLineSchema>;

export const productionLinesConfig = defineEntity<ProductionLine>({
  resource: 'production-lines',
  noun: 'production line',
  plural: 'Production lines',
  purpose:
    'The lines at each facility that sort, wash, shred or extrude, with their capacity and energy use.',
  searchPlaceholder: 'Code or name',
  filters: [
    { name: 'facilityId', label: 'Facility', options: useFacilityOptionList },
    { name: 'processCode', label: 'Process', options: useProcessTypeOptions },
  ],
  columns: [
    { label: 'Facility', render: (l) => l.facility.name },
    { label: 'Process steps', render: (l) => l.processCodes.join(' → ') || '—' },
    { label: 'Capacity', render: (l) => (l.capacityKgPerH ? `${l.capacityKgPerH} kg/h` : '—') },
    { label: 'Rated power', render: (l) => (l.ratedKw ? `${l.ratedKw} kW` : '—') },
  ],
  fields: [
    { name: 'code', label: 'Code', required: true, placeholder: 'LINE-01' },
    { name: 'name', label: 'Name', required: true },
    {
      name: 'facilityId',
      source: 'facility.id',
      label: 'Facility',
      required: true,
      options: useFacilityOptionList,
      placeholder: 'Choose a facility',
    },
    {
      name: 'processCodes',
      label: 'Process steps',
      kind: 'multi',
      options: useProcessTypeOptions,
      description: 'In the order the line runs them',
    },
    { name: 'capacityKgPerH', label: 'Capacity (kg/h)', kind: 'decimal' },
    { name: 'ratedKw', label: 'Rated power (kW)', kind: 'decimal' },
    {
      name: 'costPerKgPhp',
      label: 'Cost per kg (PHP)',
      kind: 'decimal',
      description:
        'Labour, upkeep and consumables per kg of input, added to the value of what the line makes',
    },
  ],
});
