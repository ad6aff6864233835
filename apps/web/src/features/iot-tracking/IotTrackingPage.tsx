import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { ApiKeysTab } from './ApiKeysTab.tsx';
import { DeviceAlerts } from './DeviceAlerts.tsx';
import { DevicesTab } from './DevicesTab.tsx';

type Tab = 'devices' | 'alerts' | 'keys';
const TITLE = 'IoT tracking';

/** /iot-tracking: the devices that write into the records, their alerts, and the machines' API keys. */
export function IotTrackingPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="devices.read" title={TITLE}>
      <IotTracking />
    </RequirePermission>
  );
}

function IotTracking() {
  const mayKeys = useCan('api_keys.manage');
  const [params, setParams] = useSearchParams();
  const tabs: Tab[] = mayKeys ? ['devices', 'alerts', 'keys'] : ['devices', 'alerts'];
  const raw = params.get('tab') as Tab | null;
  const tab: Tab = raw && tabs.includes(raw) ? raw : 'devices';
  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="Scales, energy meters, GPS trackers and sensors: whether they are sending, what they last read, their calibration, and the alerts their readings raise."
      />
      <Tabs
        value={tab}
        keepMounted={false}
        // A tab starts with its own filters: only the tab is kept in the URL.
        onChange={(value) =>
          setParams(value && value !== 'devices' ? { tab: value } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="devices">Devices</Tabs.Tab>
          <Tabs.Tab value="alerts">Alerts</Tabs.Tab>
          {mayKeys && <Tabs.Tab value="keys">API keys</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="devices">
          <DevicesTab />
        </Tabs.Panel>
        <Tabs.Panel value="alerts">
          <DeviceAlerts />
        </Tabs.Panel>
        {mayKeys && (
          <Tabs.Panel value="keys">
            <ApiKeysTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
