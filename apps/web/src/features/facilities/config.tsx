import { FACILITY_TYPES, type facilitySchema } from '@plastrace/shared';
import type { Wire } from '../../api/caseConvert.ts';
import { defineEntity } from '../catalog/entity.ts';
import { humanize, optionsOf } from '../catalog/formModel.ts';

export type Facility = Wire<typeof facilitySchema>;
const TYPES = optionsOf(FACILITY_TYPES, (t) => (t === 'mrf' ? 'MRF' : humanize(t)));
const typeLabel = (t: string) => TYPES.find((o) => o.value === t)?.label ?? t;

export const facilitiesConfig = defineEntity<Facility>({
  resource: 'facilities',
  noun: 'facility',
  plural: 'Facilities',
  purpose:
    'Your sites — MRFs, junkshops, plants, warehouses. Every delivery, lot and stock count belongs to one, and its region picks the price list.',
  searchPlaceholder: 'Code, name or city',
  filters: [{ name: 'type', label: 'Type', options: TYPES }],
  columns: [
    { label: 'Type', render: (f) => typeLabel(f.type) },
    { label: 'City', render: (f) => f.city },
    { label: 'Province', render: (f) => f.province ?? '—' },
    { label: 'Region', render: (f) => f.region ?? '—' },
  ],
  fields: [
    { name: 'code', label: 'Code', required: true, placeholder: 'MRF-QC-01' },
    { name: 'name', label: 'Name', required: true },
    { name: 'type', label: 'Type', required: true, options: TYPES, placeholder: 'Choose a type' },
    { name: 'addressLine', label: 'Address line' },
    { name: 'barangay', label: 'Barangay' },
    { name: 'city', label: 'City / municipality', required: true },
    { name: 'province', label: 'Province' },
    {
      name: 'region',
      label: 'Region',
      description: 'Also the price-list region of deliveries here, e.g. NCR',
    },
    { name: 'latitude', label: 'Latitude', kind: 'decimal', placeholder: '14.6760' },
    { name: 'longitude', label: 'Longitude', kind: 'decimal', placeholder: '121.0437' },
  ],
});
