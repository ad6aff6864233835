import { Button, Stack, Tabs } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { yearIn } from '../../components/common/datetime.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { BatchesPanel } from './BatchesPanel.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import { IssuePanel } from './IssuePanel.tsx';
import { MovementsPanel } from './MovementsPanel.tsx';

const TITLE = 'EPR credits';
const TABS = ['inventory', 'issue', 'batches', 'movements'] as const;
type Tab = (typeof TABS)[number];

/**
 * /epr-credits: credits held by vintage, fate and status (transfer, retire, CSV), issuing from eligible
 * recovery with a preview of its evidence, the batches and the movements; ?tab= keeps the tab.
 */
export function EprCreditsPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="credits.read" title={TITLE}>
      <EprCredits />
    </RequirePermission>
  );
}

function EprCredits() {
  const [params, setParams] = useSearchParams();
  const { timeZone } = useMe();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'inventory';
  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="1 credit = 1 tonne of verified recovery: weighed deliveries recycled or co-processed, each with its evidence. Credits are transferred to other organizations and retired for an obliged enterprise’s compliance."
        actions={
          <Button
            component={Link}
            to="/registry"
            variant="default"
            leftSection={<IconListCheck size={16} aria-hidden />}
          >
            Public registry
          </Button>
        }
      />
      <Tabs
        value={tab}
        keepMounted={false}
        // Each tab keeps its own filters in the address; switching starts the other afresh.
        onChange={(value) =>
          setParams(value && value !== 'inventory' ? { tab: value } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="inventory">Inventory</Tabs.Tab>
          <Tabs.Tab value="issue">Issue</Tabs.Tab>
          <Tabs.Tab value="batches">Batches</Tabs.Tab>
          <Tabs.Tab value="movements">Movements</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inventory">
          <InventoryPanel year={yearIn(timeZone)} /* the compliance year a retirement is offered */ />
        </Tabs.Panel>
        <Tabs.Panel value="issue">
          <IssuePanel />
        </Tabs.Panel>
        <Tabs.Panel value="batches">
          <BatchesPanel timeZone={timeZone} />
        </Tabs.Panel>
        <Tabs.Panel value="movements">
          <MovementsPanel timeZone={timeZone} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
