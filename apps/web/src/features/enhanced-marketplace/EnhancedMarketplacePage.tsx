import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { MatchesPanel } from './MatchesPanel.tsx';
import { PriceHistoryPanel } from './PriceHistoryPanel.tsx';
import { RfqsPanel } from './RfqsPanel.tsx';
import { SavedSearchesPanel } from './SavedSearchesPanel.tsx';

const TITLE = 'Enhanced marketplace';
const TABS = ['searches', 'rfqs', 'prices', 'matches'] as const;
type Tab = (typeof TABS)[number];

/**
 * /enhanced-marketplace: saved searches and their daily alerts, requests for quotation (sent and received),
 * the price history of completed deals, and matches for my listings; ?tab= keeps the tab.
 */
export function EnhancedMarketplacePage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="market.read" title={TITLE}>
      <EnhancedMarketplace />
    </RequirePermission>
  );
}

function EnhancedMarketplace() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  // A notification's link to a received request opens the requests tab.
  const tab: Tab =
    asked === 'received' ? 'rfqs' : asked && TABS.includes(asked as Tab) ? (asked as Tab) : 'searches';
  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="Saved searches with daily e-mail alerts, requests for quotation to several sellers at once, prices of completed deals, and the listings that match yours."
      />
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) =>
          setParams(value && value !== 'searches' ? { tab: value } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="searches">Saved searches &amp; alerts</Tabs.Tab>
          <Tabs.Tab value="rfqs">Requests for quotation</Tabs.Tab>
          <Tabs.Tab value="prices">Price history</Tabs.Tab>
          <Tabs.Tab value="matches">Matches</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="searches">
          <SavedSearchesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="rfqs">
          <RfqsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="prices">
          <PriceHistoryPanel />
        </Tabs.Panel>
        <Tabs.Panel value="matches">
          <MatchesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
