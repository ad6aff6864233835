import { PAYMENT_METHODS } from '@plastrace/shared';
import type { LedgerEntry, PaymentMethod } from './api.ts';

/** How the ledger's entries and payment methods read, on statements, dialogs and the supplier's dashboard. */
export const LEDGER_KIND_LABEL: Record<LedgerEntry['kind'], string> = {
  payable: 'Delivery payable',
  payable_reversal: 'Voided delivery',
  payment: 'Payment',
  advance: 'Advance',
  payment_reversal: 'Reversed payment',
};

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  cash: 'Cash',
  gcash: 'GCash',
  bank: 'Bank transfer',
};

export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({
  value: m,
  label: PAYMENT_METHOD_LABEL[m],
}));

/** 'GCash · GC-991', 'Cash', or '—' when an entry has neither. */
export const methodAndReference = (method: string | null, reference: string | null) =>
  [method && (PAYMENT_METHOD_LABEL[method as PaymentMethod] ?? method), reference]
    .filter(Boolean)
    .join(' · ') || '—';
