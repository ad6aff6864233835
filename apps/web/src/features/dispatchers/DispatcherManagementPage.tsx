import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { MasterDataList } from '../catalog/MasterDataList.tsx';
import type { Driver, Hauler } from './api.ts';
import { driversConfig, haulersConfig, vehiclesConfig } from './config.tsx';
import { ExpiryAlert } from './expiry.tsx';

type Tab = 'drivers' | 'vehicles' | 'haulers';
const TABS: Tab[] = ['drivers', 'vehicles', 'haulers'];
const TITLE = 'Dispatcher management';

/** /dispatcher-management: the drivers, vehicles and haulers a dispatch names. */
export function DispatcherManagementPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="masterdata.read" title={TITLE}>
      <DispatcherManagement />
    </RequirePermission>
  );
}

function DispatcherManagement() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') as Tab | null;
  const tab: Tab = raw && TABS.includes(raw) ? raw : 'drivers';

  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="Your drivers and their licences, your trucks and their payload, and the haulers you hire."
      />
      <Tabs
        value={tab}
        keepMounted={false}
        // A new tab starts with its own filters: only the tab is kept in the URL.
        onChange={(value) =>
          setParams(value && value !== 'drivers' ? { tab: value } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="drivers">Drivers</Tabs.Tab>
          <Tabs.Tab value="vehicles">Vehicles</Tabs.Tab>
          <Tabs.Tab value="haulers">Haulers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="drivers">
          <Stack gap="md">
            <ExpiryAlert<Driver>
              resource="drivers"
              filter="licenceStatus"
              until={(d) => d.licenceExpiresOn}
              noun="driver licence"
              consequence="A dispatch cannot be assigned to a driver whose licence has expired."
            />
            <MasterDataList config={driversConfig} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="vehicles">
          <MasterDataList config={vehiclesConfig} />
        </Tabs.Panel>
        <Tabs.Panel value="haulers">
          <Stack gap="md">
            <ExpiryAlert<Hauler>
              resource="haulers"
              filter="accreditationStatus"
              until={(h) => h.accreditationValidUntil}
              noun="hauler accreditation"
              consequence="A dispatch cannot be assigned to a hauler whose accreditation has expired."
            />
            <MasterDataList config={haulersConfig} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
