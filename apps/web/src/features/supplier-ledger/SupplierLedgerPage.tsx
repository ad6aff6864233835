import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { SUPPLIER_LEDGER } from '../../components/ledger/books.ts';
import { LedgerBalances } from '../../components/ledger/LedgerBalances.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import {
  BalancesTable,
  LedgerTotals,
  SUPPLIER_TYPE_OPTIONS,
  type SupplierBalance,
  type SupplierTotals,
} from './BalancesTable.tsx';

/** /supplier-ledger: what is owed to each supplier (PHP); search, filters and sort live in the URL. */
export function SupplierLedgerPage() {
  usePageTitle('Supplier ledger');
  const { timeZone } = useMe();
  return (
    <Stack gap="md">
      <PageHeader
        title="Supplier ledger"
        description="Payables from posted deliveries less payments and advances. Open a supplier for the statement."
      />
      <LedgerBalances<SupplierBalance, SupplierTotals>
        book={SUPPLIER_LEDGER}
        typeOptions={SUPPLIER_TYPE_OPTIONS}
        renderTotals={(totals) => <LedgerTotals totals={totals} />}
        renderRows={(rows, list) => <BalancesTable rows={rows} timeZone={timeZone} {...list} />}
      />
    </Stack>
  );
}
