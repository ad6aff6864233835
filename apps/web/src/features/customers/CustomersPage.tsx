import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { CUSTOMER_LEDGER } from '../../components/ledger/books.ts';
import { LedgerBalances } from '../../components/ledger/LedgerBalances.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { MasterDataList } from '../catalog/MasterDataList.tsx';
import { CustomerBalancesTable, CustomerTotalsView } from './CustomerBalancesTable.tsx';
import { CUSTOMER_TYPE_OPTIONS, customersConfig } from './config.tsx';
import type { CustomerBalance, CustomerTotals } from './ledgerApi.ts';

const BALANCES = { tab: 'balances' };

/**
 * /customers and /customer-management: who buys the recycled material and, for the roles that may
 * see it (customer_ledger.read), what each owes (?tab=balances).
 */
export function CustomersPage() {
  usePageTitle('Customers');
  return (
    <RequirePermission action="masterdata.read" title="Customers">
      <Customers />
    </RequirePermission>
  );
}

function Customers() {
  const mayReadLedger = useCan('customer_ledger.read');
  const [params, setParams] = useSearchParams();
  const tab = mayReadLedger && params.get('tab') === BALANCES.tab ? BALANCES.tab : 'customers';
  const list = <MasterDataList config={customersConfig} />;
  return (
    <Stack gap="md">
      <PageHeader
        title="Customers"
        description="Recyclers, manufacturers, brand owners and traders that buy your material, and what they owe."
      />
      {mayReadLedger ? (
        <Tabs
          value={tab}
          keepMounted={false}
          // Each tab keeps its own filters in the URL; switching starts the other afresh.
          onChange={(value) =>
            setParams(value === BALANCES.tab ? BALANCES : {}, { replace: true, preventScrollReset: true })
          }
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="customers">Customers</Tabs.Tab>
            <Tabs.Tab value={BALANCES.tab}>Balances</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="customers">{list}</Tabs.Panel>
          <Tabs.Panel value={BALANCES.tab}>
            <CustomerBalances />
          </Tabs.Panel>
        </Tabs>
      ) : (
        list
      )}
    </Stack>
  );
}

/** What each customer owes, aged; a customer opens their statement. */
function CustomerBalances() {
  const { timeZone } = useMe();
  return (
    <LedgerBalances<CustomerBalance, CustomerTotals>
      book={CUSTOMER_LEDGER}
      typeOptions={CUSTOMER_TYPE_OPTIONS}
      keep={BALANCES}
      renderTotals={(totals) => <CustomerTotalsView totals={totals} />}
      renderRows={(rows, list) => <CustomerBalancesTable rows={rows} timeZone={timeZone} {...list} />}
    />
  );
}
