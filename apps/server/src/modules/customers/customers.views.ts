import type { Customer, customerCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { CustomerRow, CustomerValues } from './customers.repo.ts';

type Input = Partial<z.output<typeof customerCreateSchema>>;

export const toCustomer = (c: CustomerRow): Customer => ({
  id: c.id,
  code: c.code,
  name: c.name,
  type: c.type,
  contact_name: c.contactName,
  phone: c.phone,
  email: c.email,
  address_line: c.addressLine,
  city: c.city,
  province: c.province,
  country: c.country,
  tin: c.tin,
  archived_at: c.archivedAt?.toISOString() ?? null,
  version: c.version,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

export const customerValues = (b: Input): Partial<CustomerValues> => ({
  code: b.code,
  name: b.name,
  type: b.type,
  contactName: b.contact_name,
  phone: b.phone,
  email: b.email,
  addressLine: b.address_line,
  city: b.city,
  province: b.province,
  country: b.country,
  tin: b.tin,
});

export const CUSTOMER_CSV: CsvColumn<Customer>[] = [
  ['code', (c) => c.code],
  ['name', (c) => c.name],
  ['type', (c) => c.type],
  ['contact_name', (c) => c.contact_name],
  ['phone', (c) => c.phone],
  ['email', (c) => c.email],
  ['address_line', (c) => c.address_line],
  ['city', (c) => c.city],
  ['province', (c) => c.province],
  ['country', (c) => c.country],
  ['tin', (c) => c.tin],
  ['archived_at', (c) => c.archived_at],
  ['created_at', (c) => c.created_at],
];
