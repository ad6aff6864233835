import { Container, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../auth/AuthContext.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { BrowsePanel } from './BrowsePanel.tsx';
import { DealsPanel } from './DealsPanel.tsx';
import { MyListingsPanel } from './MyListingsPanel.tsx';
import { OffersPanel } from './OffersPanel.tsx';

const TITLE = 'Marketplace';
const TABS = ['browse', 'listings', 'offers', 'deals'] as const;
type Tab = (typeof TABS)[number];
const DESCRIPTION =
  'Recyclate (bales, flakes, pellets) and EPR credits between organizations, with the data quality each listing can prove.';

/**
 * /marketplace, public: a visitor (or a member whose role does not view the marketplace) browses the
 * listings without their sellers; a member with market.read has the tabs, ?tab= keeping the tab.
 */
export function MarketplacePage() {
  usePageTitle(TITLE);
  const { isAuthenticated, isLoading } = useAuth();
  const member = useCan('market.read');
  // A stored session is still being checked: asking as a visitor now would only be asked again.
  if (isLoading)
    return (
      <Text c="dimmed" role="status">
        Loading…
      </Text>
    );
  if (!isAuthenticated || !member)
    return (
      <Container size="xl" py={isAuthenticated ? 0 : 'xl'} px={0}>
        <Stack gap="md">
          <PageHeader title={TITLE} description={DESCRIPTION} />
          <BrowsePanel member={false} signedIn={isAuthenticated} />
        </Stack>
      </Container>
    );
  return <MemberMarketplace />;
}

function MemberMarketplace() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'browse';
  return (
    <Stack gap="md">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <Tabs
        value={tab}
        keepMounted={false}
        // Each tab keeps its own filters in the address; switching starts the other afresh.
        onChange={(value) =>
          setParams(value && value !== 'browse' ? { tab: value } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="browse">Browse</Tabs.Tab>
          <Tabs.Tab value="listings">My listings</Tabs.Tab>
          <Tabs.Tab value="offers">Offers</Tabs.Tab>
          <Tabs.Tab value="deals">Deals</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="browse">
          <BrowsePanel member />
        </Tabs.Panel>
        <Tabs.Panel value="listings">
          <MyListingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="offers">
          <OffersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="deals">
          <DealsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
