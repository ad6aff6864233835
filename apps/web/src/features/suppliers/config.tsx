import {
  PAYMENT_METHODS,
  SUPPLIER_SELF_SERVICE_FIELDS,
  SUPPLIER_TYPES,
  type supplierSchema,
} from '@plastrace/shared';
import type { Wire } from '../../api/caseConvert.ts';
import { defineEntity } from '../catalog/entity.ts';
import { humanize, optionsOf } from '../catalog/formModel.ts';

export type Supplier = Wire<typeof supplierSchema>;
const TYPES = optionsOf(SUPPLIER_TYPES, (t) => (t === 'lgu' ? 'LGU' : humanize(t)));
const METHODS = optionsOf(PAYMENT_METHODS, (m) => (m === 'gcash' ? 'GCash' : humanize(m)));
const label = (options: { value: string; label: string }[], v: string) =>
  options.find((o) => o.value === v)?.label ?? v;

export const suppliersConfig = defineEntity<Supplier>({
  resource: 'suppliers',
  noun: 'supplier',
  plural: 'Suppliers',
  purpose:
    'The junkshops, waste pickers, collectors and companies you buy from: deliveries are weighed in from them and they are paid through the supplier ledger.',
  searchPlaceholder: 'Code, name or contact',
  // A supplier member sees their own record and changes its contact and payment details.
  permissions: { read: 'suppliers.read', update: 'suppliers.write' },
  ownFields: SUPPLIER_SELF_SERVICE_FIELDS.map((f) =>
    f.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
  ),
  filters: [
    { name: 'type', label: 'Type', options: TYPES },
    { name: 'paymentMethod', label: 'Payment', options: METHODS },
  ],
  columns: [
    { label: 'Type', render: (s) => label(TYPES, s.type) },
    { label: 'Contact', render: (s) => s.contactName ?? '—' },
    { label: 'Phone', render: (s) => s.phone ?? '—' },
    { label: 'City', render: (s) => s.city ?? '—' },
    { label: 'Payment', render: (s) => label(METHODS, s.paymentMethod) },
  ],
  defaults: { paymentMethod: 'cash' },
  fields: [
    { name: 'code', label: 'Code', required: true, placeholder: 'SUP-001' },
    { name: 'name', label: 'Name', required: true },
    { name: 'type', label: 'Type', required: true, options: TYPES, placeholder: 'Choose a type' },
    { name: 'contactName', label: 'Contact person' },
    { name: 'phone', label: 'Phone', placeholder: '0917 123 4567' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'addressLine', label: 'Address line', span: 2 },
    { name: 'city', label: 'City / municipality' },
    { name: 'province', label: 'Province' },
    { name: 'paymentMethod', label: 'Payment method', options: METHODS, placeholder: 'Choose a method' },
    {
      name: 'paymentDetails.gcashNumber',
      label: 'GCash number',
      required: true,
      showIf: (v) => v.paymentMethod === 'gcash',
    },
    { name: 'paymentDetails.bank', label: 'Bank', required: true, showIf: (v) => v.paymentMethod === 'bank' },
    { name: 'paymentDetails.accountName', label: 'Account name', showIf: (v) => v.paymentMethod === 'bank' },
    {
      name: 'paymentDetails.accountNumber',
      label: 'Account number',
      showIf: (v) => v.paymentMethod === 'bank',
    },
  ],
});
