import { Badge, Button, Divider, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Device, useArchiveDevice, useDevice } from './api.ts';
import { CalibrationsSection } from './CalibrationsSection.tsx';
import { DeviceAlerts } from './DeviceAlerts.tsx';
import { DeviceFormModal } from './DeviceFormModal.tsx';
import { DeviceLiveChart } from './DeviceLiveChart.tsx';
import { IssueKeyDialog } from './IssueKeyDialog.tsx';
import { CalibrationBadge, KindLabel, LastReading, placeOf, StatusBadge } from './labels.tsx';

/** One device: what and where it is, its live readings, calibrations and alerts, and its key. */
export function DeviceDrawer({ deviceId, onClose }: { deviceId: string | null; onClose: () => void }) {
  const query = useDevice(deviceId);
  const device = query.data;
  return (
    <Drawer
      opened={deviceId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={device ? `${device.code} · ${device.name}` : 'Device'}
    >
      <QueryStatus query={query} what="The device" loading="Loading the device…" />
      {device && <DeviceDetails device={device} />}
    </Drawer>
  );
}

function DeviceDetails({ device }: { device: Device }) {
  const mayManage = useCan('devices.manage');
  const mayIssue = useCan('api_keys.manage');
  const { timeZone } = useMe();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [issuing, setIssuing] = useState(false);
  const archive = useArchiveDevice();
  const { showToast } = useToast();
  const archived = device.archivedAt !== null;
  const scale = device.calibration !== null;

  return (
    <Stack gap="md">
      <Group gap="xs">
        <KindLabel kind={device.kind} />
        <StatusBadge status={device.status} />
        <CalibrationBadge device={device} />
        {archived && (
          <Badge color="gray" variant="light">
            Archived
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Fact label="Where">{placeOf(device)}</Fact>
        {device.capacityKg && <Fact label="Capacity">{formatKg(device.capacityKg)}</Fact>}
        <Fact label="Last reading">
          <LastReading device={device} timeZone={timeZone} />
        </Fact>
        <Fact label="Last seen">{formatDateTime(device.lastSeenAt, timeZone)}</Fact>
        <Fact label="Offline after">{`${device.offlineAfterMinutes} minutes without a reading`}</Fact>
        {(device.manufacturer || device.model) && (
          <Fact label="Make">{[device.manufacturer, device.model].filter(Boolean).join(' ')}</Fact>
        )}
        {device.serialNo && <Fact label="Serial number">{device.serialNo}</Fact>}
        {device.notes && <Fact label="Notes">{device.notes}</Fact>}
      </SimpleGrid>
      {(mayManage || mayIssue) && (
        <Group gap="xs">
          {mayManage && !archived && (
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {mayManage && (
            <Button
              size="xs"
              variant="default"
              color={archived ? 'teal' : 'red'}
              onClick={() => setConfirming(true)}
            >
              {archived ? 'Restore' : 'Archive'}
            </Button>
          )}
          {mayIssue && !archived && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconKey size={14} aria-hidden />}
              onClick={() => setIssuing(true)}
            >
              Issue a key for this device
            </Button>
          )}
        </Group>
      )}
      <Divider />
      <DeviceLiveChart deviceId={device.id} timeZone={timeZone} />
      {scale && <CalibrationsSection device={device} />}
      <DeviceAlerts deviceId={device.id} />

      <DeviceFormModal device={device} opened={editing} onClose={() => setEditing(false)} />
      <IssueKeyDialog opened={issuing} onClose={() => setIssuing(false)} device={device} />
      <ConfirmDialog
        opened={confirming}
        title={archived ? `Restore ${device.code}?` : `Archive ${device.code}?`}
        confirmLabel={archived ? 'Restore' : 'Archive'}
        color={archived ? 'teal' : 'red'}
        loading={archive.isPending}
        error={archive.error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          archive.mutate(
            { id: device.id, archive: !archived },
            {
              onSuccess: () => {
                showToast({ message: `${device.code} has been ${archived ? 'restored' : 'archived'}.` });
                setConfirming(false);
              },
            },
          )
        }
      >
        {archived
          ? `${device.code} will be listed again and may send readings.`
          : `${device.code} will be hidden from lists and its readings refused. Past records keep it, and you can restore it later.`}
      </ConfirmDialog>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </div>
  );
}
