import { CUSTOMER_TYPES, type customerSchema } from '@plastrace/shared';
import type { Wire } from '../../api/caseConvert.ts';
import { defineEntity } from '../catalog/entity.ts';
import { optionsOf } from '../catalog/formModel.ts';

export type Customer = Wire<typeof customerSchema>;
export const CUSTOMER_TYPE_OPTIONS = optionsOf(CUSTOMER_TYPES);

export const customersConfig = defineEntity<Customer>({
  resource: 'customers',
  noun: 'customer',
  plural: 'Customers',
  purpose: 'The buyers of your bales, flakes and pellets, with their contacts and terms.',
  searchPlaceholder: 'Code, name or contact',
  filters: [{ name: 'type', label: 'Type', options: CUSTOMER_TYPE_OPTIONS }],
  columns: [
    { label: 'Type', render: (c) => CUSTOMER_TYPE_OPTIONS.find((o) => o.value === c.type)?.label ?? c.type },
    { label: 'Contact', render: (c) => c.contactName ?? '—' },
    { label: 'Phone', render: (c) => c.phone ?? '—' },
    { label: 'City', render: (c) => c.city ?? '—' },
    { label: 'TIN', render: (c) => c.tin ?? '—' },
  ],
  fields: [
    { name: 'code', label: 'Code', required: true, placeholder: 'CUS-001' },
    { name: 'name', label: 'Name', required: true },
    {
      name: 'type',
      label: 'Type',
      required: true,
      options: CUSTOMER_TYPE_OPTIONS,
      placeholder: 'Choose a type',
    },
    { name: 'contactName', label: 'Contact person' },
    { name: 'phone', label: 'Phone', placeholder: '0917 123 4567' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'addressLine', label: 'Address line', span: 2 },
    { name: 'city', label: 'City / municipality' },
    { name: 'province', label: 'Province' },
    {
      name: 'tin',
      label: 'TIN',
      placeholder: '123-456-789-000',
      description: 'BIR Taxpayer Identification Number',
    },
  ],
});
