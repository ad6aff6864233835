import { Button } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import type { PartyRef } from '../../components/ledger/api.ts';
import { CUSTOMER_LEDGER } from '../../components/ledger/books.ts';
import { LedgerStatement } from '../../components/ledger/LedgerStatement.tsx';
import { CreditNoteDialog } from './CreditNoteDialog.tsx';

/**
 * /customer-management/:customerId: what a customer owes over a period, with its running balance;
 * export, print, record a payment or a credit note, reverse a payment.
 */
export function CustomerStatementPage() {
  const { customerId = '' } = useParams();
  return (
    <RequirePermission action="customer_ledger.read" title="Customer statement">
      <LedgerStatement
        book={CUSTOMER_LEDGER}
        partyId={customerId}
        back={{ to: '/customer-management?tab=balances', label: 'Back to the customer balances' }}
        writeActions={(customer) => <CreditNoteAction customer={customer} />}
      />
    </RequirePermission>
  );
}

function CreditNoteAction({ customer }: { customer: PartyRef }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Credit note
      </Button>
      <CreditNoteDialog opened={opened} customer={customer} onClose={() => setOpened(false)} />
    </>
  );
}
