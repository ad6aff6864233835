import { formatPhp, PAYMENT_METHODS, type PaymentMethod } from '@plastrace/shared';
import type { LedgerEntry } from './api.ts';
import type { LedgerBook } from './books.ts';

/** How the ledgers' entries and payment methods read, on statements, dialogs and the supplier's dashboard. */
export const LEDGER_KIND_LABEL: Record<LedgerEntry['kind'], string> = {
  payable: 'Delivery payable',
  payable_reversal: 'Voided delivery',
  receivable: 'Dispatch receivable',
  receivable_reversal: 'Voided dispatch',
  credit_note: 'Credit note',
  payment: 'Payment',
  advance: 'Advance',
  payment_reversal: 'Reversed payment',
};

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  cash: 'Cash',
  gcash: 'GCash',
  bank: 'Bank transfer',
  cheque: 'Cheque',
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

/**
 * '₱1,200.00', or for a negative balance what it is: the advance a supplier still has to deliver
 * against, the credit a customer holds.
 */
export const balanceText = (balance: string, negative: LedgerBook['negative'] = 'advance') =>
  balance.startsWith('-') ? `${formatPhp(balance.slice(1))} ${negative}` : formatPhp(balance);
