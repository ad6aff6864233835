import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { BalancesPanel } from './BalancesPanel.tsx';
import { StockCountsPanel } from './StockCountsPanel.tsx';

/** /inventory: balances and their valuation, and the stock counts that check them (?tab=counts). */
export function InventoryPage() {
  usePageTitle('Inventory');
  return (
    <RequirePermission action="stock.read" title="Inventory">
      <Inventory />
    </RequirePermission>
  );
}

function Inventory() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'counts' ? 'counts' : 'balances';
  // Open counts first: they are the ones someone is working on. 'all' lists every status.
  const rawStatus = params.get('status') ?? 'open';
  const countStatus = ['open', 'posted', 'cancelled'].includes(rawStatus) ? rawStatus : '';
  const go = (next: Record<string, string>) => setParams(next, { replace: true, preventScrollReset: true });

  return (
    <Stack gap="md">
      <PageHeader
        title="Inventory"
        description="Stock on hand from the ledger, valued at weighted-average cost in pesos, and the counts that check it."
      />
      <Tabs
        value={tab}
        keepMounted={false}
        // Each tab keeps its own filters in the URL; switching starts the other afresh.
        onChange={(value) => go(value === 'counts' ? { tab: 'counts' } : {})}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="balances">Balances</Tabs.Tab>
          <Tabs.Tab value="counts">Stock counts</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="balances">
          <BalancesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="counts">
          <StockCountsPanel
            status={countStatus}
            onStatus={(status) => go({ tab: 'counts', status: status || 'all' })}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
