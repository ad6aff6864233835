import { can, SUPPLIER_SELF_SERVICE_FIELDS } from '@plastrace/shared';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';

// A supplier member sees and edits only their own supplier record, and of it only the contact and
// payment details (docs/architecture.md: Who may do what: "own profile"); everyone else follows the master-data roles.

const SELF_SERVICE: readonly string[] = SUPPLIER_SELF_SERVICE_FIELDS;

/** The only supplier a supplier member may see; undefined for every other role. */
export function ownSupplierOf(caller: Caller): string | undefined {
  if (caller.role !== 'supplier') return undefined;
  // A supplier member without a supplier sees none: the nil uuid matches no row.
  return caller.supplierId ?? '00000000-0000-0000-0000-000000000000';
}

export function assertMayReadSupplier(caller: Caller, supplierId?: string): void {
  const own = ownSupplierOf(caller);
  if (own !== undefined && supplierId !== undefined && supplierId !== own) throw notFound('Supplier');
}

/** GCash numbers and bank accounts: for those who settle payables, and the supplier themself. */
export const seesPaymentDetails = (caller: Caller, supplierId: string): boolean =>
  can(caller.role, 'payments.write') || ownSupplierOf(caller) === supplierId;

export function assertMayChangeSupplier(caller: Caller, supplierId: string, body: object): void {
  const own = ownSupplierOf(caller);
  if (own === undefined) {
    return;
  }
  if (supplierId !== own) throw notFound('Supplier');
  const others = Object.keys(body).filter((k) => k !== 'version' && !SELF_SERVICE.includes(k));
  if (others.length)
    throw forbidden(`You may change only your contact and payment details, not ${others.join(', ')}`);
}
