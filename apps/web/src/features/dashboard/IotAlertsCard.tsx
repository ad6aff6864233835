import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { IOT_ALERT_RULE_LABELS } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import { useMe } from '../../components/common/useMe.ts';
import { DashboardCard } from './DashboardCard.tsx';
import type { DashboardSummary } from './summary.ts';

type IotAlerts = NonNullable<NonNullable<DashboardSummary['operations']>['iotAlerts']>;

/** The open anomaly alerts of devices and records: how many, and the newest few, each to its record. */
export function IotAlertsCard({ alerts }: { alerts: IotAlerts }) {
  const { timeZone } = useMe();
  const more = alerts.open - alerts.newest.length;
  return (
    <DashboardCard
      id="overview-iot-alerts"
      title={`Device alerts (${alerts.open} open)`}
      link={{ to: '/iot-tracking', label: 'IoT tracking' }}
      wide
    >
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Open device alerts"
      >
        {alerts.newest.map((a) => (
          <li key={a.id}>
            <Badge color="red" variant="light" mr="xs">
              {IOT_ALERT_RULE_LABELS[a.rule]}
            </Badge>
            {a.subject ? (
              <Anchor component={Link} to={a.subject.link} size="sm">
                {a.message}
              </Anchor>
            ) : (
              <Text span size="sm">
                {a.message}
              </Text>
            )}
            <Text span size="xs" c="dimmed">
              {' '}
              · {formatDateTime(a.raisedAt, timeZone)}
            </Text>
          </li>
        ))}
      </Stack>
      {more > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          and {more} more on the IoT tracking page
        </Text>
      )}
    </DashboardCard>
  );
}
