import { ACCREDITATION_STATUSES, EXPIRY_STATUSES, formatKg, VEHICLE_TYPES } from '@plastrace/shared';
import { defineEntity } from '../catalog/entity.ts';
import { optionsOf } from '../catalog/formModel.ts';
import { type Driver, type Hauler, useHaulerOptions, type Vehicle } from './api.ts';
import { ExpiryCell } from './expiry.tsx';

const TYPES = optionsOf(VEHICLE_TYPES);
const STATUS_LABELS: Record<string, string> = {
  valid: 'Valid',
  expiring: 'Expiring within 30 days',
  expired: 'Expired',
  none: 'No accreditation date',
};
const statusOptions = (values: readonly string[]) => optionsOf(values, (v) => STATUS_LABELS[v] ?? v);
const DAY_HINT = 'YYYY-MM-DD';

export const driversConfig = defineEntity<Driver>({
  resource: 'drivers',
  noun: 'driver',
  plural: 'Drivers',
  purpose: 'The drivers who take your material out, with the licence a dispatch checks before it leaves.',
  searchPlaceholder: 'Name, code or licence',
  filters: [{ name: 'licenceStatus', label: 'Licence', options: statusOptions(EXPIRY_STATUSES) }],
  columns: [
    { label: 'Phone', render: (d) => d.phone ?? '—' },
    { label: 'Licence number', render: (d) => d.licenceNumber },
    {
      label: 'Licence valid until',
      render: (d) => <ExpiryCell until={d.licenceExpiresOn} status={d.licenceStatus} what="Licence" />,
    },
  ],
  fields: [
    {
      name: 'code',
      label: 'Code',
      required: true,
      placeholder: 'DRV-001',
      description: 'An employee number or short code',
    },
    { name: 'name', label: 'Name', required: true },
    { name: 'phone', label: 'Phone', placeholder: '0917 123 4567' },
    { name: 'licenceNumber', label: 'Licence number', required: true, placeholder: 'N01-12-345678' },
    {
      name: 'licenceExpiresOn',
      label: 'Licence valid until',
      required: true,
      placeholder: DAY_HINT,
      description: 'The expiry date printed on the LTO licence',
    },
  ],
});

export const vehiclesConfig = defineEntity<Vehicle>({
  resource: 'vehicles',
  noun: 'vehicle',
  plural: 'Vehicles',
  purpose: 'The trucks that carry your material out, with the payload a dispatch may not exceed.',
  searchPlaceholder: 'Plate, name or hauler',
  filters: [
    { name: 'type', label: 'Type', options: TYPES },
    { name: 'haulerId', label: 'Hauler', options: useHaulerOptions },
  ],
  columns: [
    { label: 'Type', render: (v) => TYPES.find((o) => o.value === v.type)?.label ?? v.type },
    { label: 'Capacity', render: (v) => formatKg(v.capacityKg) },
    { label: 'Hauler', render: (v) => v.hauler?.name ?? 'Own vehicle' },
  ],
  fields: [
    { name: 'code', label: 'Plate number', required: true, placeholder: 'NBC 1234' },
    { name: 'name', label: 'Name', required: true, placeholder: 'Isuzu Forward wing van' },
    { name: 'type', label: 'Type', required: true, options: TYPES, placeholder: 'Choose a type' },
    {
      name: 'capacityKg',
      label: 'Capacity (kg)',
      kind: 'decimal',
      required: true,
      description: 'The rated payload: a heavier dispatch is refused',
    },
    {
      name: 'haulerId',
      source: 'hauler.id',
      label: 'Hauler',
      options: useHaulerOptions,
      placeholder: 'Own vehicle',
      description: 'The trucking company that runs it, if it is not yours',
    },
  ],
});

export const haulersConfig = defineEntity<Hauler>({
  resource: 'haulers',
  noun: 'hauler',
  plural: 'Haulers',
  purpose: 'The trucking companies you hire, with the accreditation a dispatch checks before it leaves.',
  searchPlaceholder: 'Name, code, contact or accreditation',
  filters: [
    { name: 'accreditationStatus', label: 'Accreditation', options: statusOptions(ACCREDITATION_STATUSES) },
  ],
  columns: [
    { label: 'Contact', render: (h) => h.contactName ?? '—' },
    { label: 'Phone', render: (h) => h.phone ?? '—' },
    { label: 'Accreditation', render: (h) => h.accreditationNumber ?? '—' },
    {
      label: 'Valid until',
      render: (h) => (
        <ExpiryCell until={h.accreditationValidUntil} status={h.accreditationStatus} what="Accreditation" />
      ),
    },
  ],
  fields: [
    { name: 'code', label: 'Code', required: true, placeholder: 'HAUL-001' },
    { name: 'name', label: 'Name', required: true },
    { name: 'contactName', label: 'Contact person' },
    { name: 'phone', label: 'Phone', placeholder: '0917 123 4567' },
    {
      name: 'accreditationNumber',
      label: 'Accreditation number',
      description: 'e.g. the DENR EMB transporter registration',
    },
    { name: 'accreditationValidUntil', label: 'Accreditation valid until', placeholder: DAY_HINT },
  ],
});
