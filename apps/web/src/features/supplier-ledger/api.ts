import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface SupplierBalance {
  supplier: { id: string; code: string; name: string };
  balance: string;
  currency: 'PHP';
  lastEntryAt: string;
}
export interface LedgerEntry {
  id: string;
  kind: 'payable' | 'payable_reversal' | 'payment' | string;
  amount: string;
  balance: string;
  currency: string;
  method: string | null;
  reference: string | null;
  sourceType: string | null;
  sourceId: string | null;
  note: string | null;
  postedAt: string;
}
export interface Statement {
  items: LedgerEntry[];
  balance: string;
}
export type PaymentMethod = 'cash' | 'gcash' | 'bank';

export const ledgerKey = ['supplier-ledger'] as const;

export function useBalances() {
  return useQuery({
    queryKey: [...ledgerKey, 'balances'],
    queryFn: ({ signal }) => api.get<{ items: SupplierBalance[] }>('/supplier-ledger', { signal }),
  });
}

export function useStatement(supplierId: string) {
  return useQuery({
    queryKey: [...ledgerKey, 'statement', supplierId],
    queryFn: ({ signal }) =>
      api.get<Statement>(`/supplier-ledger/${encodeURIComponent(supplierId)}`, { signal }),
    retry: (count, error) => !(error && 'status' in error && error.status === 404) && count < 3,
  });
}

export interface PaymentInput {
  supplierId: string;
  amount: string;
  method: PaymentMethod;
  reference?: string | undefined;
  note?: string | undefined;
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentInput) => api.post<Statement>('/supplier-ledger/payments', input),
    onSuccess: (statement, input) => {
      queryClient.setQueryData([...ledgerKey, 'statement', input.supplierId], statement);
      void queryClient.invalidateQueries({ queryKey: ledgerKey });
    },
  });
}

export const canPay = (role: string | undefined) => role === 'admin' || role === 'manager';
