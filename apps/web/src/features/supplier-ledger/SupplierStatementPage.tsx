import { useParams } from 'react-router';
import { SUPPLIER_LEDGER } from '../../components/ledger/books.ts';
import { LedgerStatement } from '../../components/ledger/LedgerStatement.tsx';

/** /supplier-ledger/:supplierId: a period's statement with its running balance; export, print, pay. */
export function SupplierStatementPage() {
  const { supplierId = '' } = useParams();
  return (
    <LedgerStatement
      book={SUPPLIER_LEDGER}
      partyId={supplierId}
      back={{ to: '/supplier-ledger', label: 'Back to the supplier ledger' }}
    />
  );
}
