import type { PaymentDetails, Supplier, supplierCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { SupplierRow, SupplierValues } from './suppliers.repo.ts';

type Input = Partial<z.output<typeof supplierCreateSchema>>;

export const toSupplier = (s: SupplierRow): Supplier => ({
  id: s.id,
  code: s.code,
  name: s.name,
  type: s.type,
  contact_name: s.contactName,
  phone: s.phone,
  email: s.email,
  address_line: s.addressLine,
  city: s.city,
  province: s.province,
  payment_method: s.paymentMethod,
  payment_details: s.paymentDetails as PaymentDetails,
  archived_at: s.archivedAt?.toISOString() ?? null,
  version: s.version,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

export const withoutPaymentDetails = (s: Supplier): Supplier => ({ ...s, payment_details: null });

export const supplierValues = (b: Input): Partial<SupplierValues> => ({
  code: b.code,
  name: b.name,
  type: b.type,
  contactName: b.contact_name,
  phone: b.phone,
  email: b.email,
  addressLine: b.address_line,
  city: b.city,
  province: b.province,
  paymentMethod: b.payment_method,
  paymentDetails: b.payment_details,
});

export const SUPPLIER_CSV: CsvColumn<Supplier>[] = [
  ['code', (s) => s.code],
  ['name', (s) => s.name],
  ['type', (s) => s.type],
  ['contact_name', (s) => s.contact_name],
  ['phone', (s) => s.phone],
  ['email', (s) => s.email],
  ['address_line', (s) => s.address_line],
  ['city', (s) => s.city],
  ['province', (s) => s.province],
  ['payment_method', (s) => s.payment_method],
  ['gcash_number', (s) => s.payment_details?.gcash_number],
  ['bank', (s) => s.payment_details?.bank],
  ['account_name', (s) => s.payment_details?.account_name],
  ['account_number', (s) => s.payment_details?.account_number],
  ['archived_at', (s) => s.archived_at],
  ['created_at', (s) => s.created_at],
];
