import type { customerBalancePageSchema, customerBalanceSchema } from '@plastrace/shared';
import { useMutation } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { type LedgerEntry, useRefreshBook } from '../../components/ledger/api.ts';
import { CUSTOMER_LEDGER } from '../../components/ledger/books.ts';

// What customers owe (the customer book of components/ledger): what only this book has, its ageing
// and a manager's credit note.

export type CustomerBalance = Wire<typeof customerBalanceSchema>;
export type CustomerTotals = Wire<typeof customerBalancePageSchema>['totals'];
export type Ageing = CustomerBalance['ageing'];

export interface CreditNoteInput {
  customerId: string;
  amount: string;
  reason: string;
  idempotencyKey: string;
}

/** `POST /api/customer-ledger/credit-notes`: lowers what a customer owes, with the reason; once per key. */
export function useCreditNote() {
  const refresh = useRefreshBook(CUSTOMER_LEDGER);
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: CreditNoteInput) =>
      api.post<LedgerEntry>(`${CUSTOMER_LEDGER.path}/credit-notes`, input, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: refresh,
  });
}
