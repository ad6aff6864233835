import { Alert, Badge, Group, Text } from '@mantine/core';
import type { AccreditationStatus } from '@plastrace/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { toLocalInput } from '../../components/common/datetime.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useDue } from './api.ts';

// A driver's licence and a hauler's accreditation end on a day. The server says whether each still
// holds on the organization's today (expired, expiring within 30 days, valid); the page says how long
// is left, counted from the same today, and warns before a dispatch would be refused.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

/** '2026-03-12' → '12 Mar 2026', as the server's refusals write a day. */
export function dayText(day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** Whole days from the organization's today to `day` (0 today, negative once past). */
function useDaysUntil(): (day: string) => number {
  const today = toLocalInput(new Date(), useMe().timeZone).slice(0, 10);
  return (day) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

const inDays = (n: number) => (n <= 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`);

/** The end day of a licence or accreditation, flagged red once expired and orange while expiring. */
export function ExpiryCell({
  until,
  status,
  what,
}: {
  until: string | null;
  status: AccreditationStatus;
  /** 'Licence', 'Accreditation'. */
  what: string;
}) {
  const daysUntil = useDaysUntil();
  if (!until) return '—';
  if (status === 'expired')
    return (
      <Badge variant="light" color="red" tt="none">
        {what} expired {dayText(until)}
      </Badge>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{dayText(until)}</Text>
      {status === 'expiring' && (
        <Badge variant="light" color="orange" tt="none">
          Expires {inDays(daysUntil(until))}
        </Badge>
      )}
    </Group>
  );
}

type Due = { id: string; name: string };
const NAMED = 5;

interface ExpiryAlertProps<T extends Due> {
  resource: 'drivers' | 'haulers';
  /** The list's filter on the status: 'licenceStatus', 'accreditationStatus'. */
  filter: string;
  until: (row: T) => string | null;
  /** 'driver licence', 'hauler accreditation'. */
  noun: string;
  /** What an expired one stops, said when there is one. */
  consequence: string;
}

/**
 * Above a tab's list: the active records whose licence or accreditation has expired or ends within
 * 30 days, by name. Nothing when all hold, or while it loads (the list below says so if it fails).
 */
export function ExpiryAlert<T extends Due>({
  resource,
  filter,
  until,
  noun,
  consequence,
}: ExpiryAlertProps<T>) {
  const expired = useDue<T>(resource, { [filter]: 'expired' });
  const expiring = useDue<T>(resource, { [filter]: 'expiring' });
  const daysUntil = useDaysUntil();
  if (!expired.data || !expiring.data) return null;
  const groups = [
    { label: 'Expired', page: expired.data, when: (day: string) => dayText(day) },
    { label: 'Expiring within 30 days', page: expiring.data, when: (day: string) => inDays(daysUntil(day)) },
  ].filter((g) => g.page.items.length > 0);
  if (groups.length === 0) return null;
  const count = groups.reduce((n, g) => n + g.page.items.length, 0);
  const more = groups.some((g) => g.page.nextCursor);
  return (
    <Alert
      color={expired.data.items.length > 0 ? 'red' : 'orange'}
      icon={<IconAlertTriangle aria-hidden />}
      title={`Renew ${count}${more ? '+' : ''} ${noun}${count === 1 && !more ? '' : 's'}`}
    >
      {groups.map(({ label, page, when }) => {
        const named = page.items.slice(0, NAMED).map((r) => {
          const day = until(r);
          return day ? `${r.name} (${when(day)})` : r.name;
        });
        const rest = page.items.length - named.length;
        const tail = page.nextCursor ? ' and more' : rest > 0 ? ` and ${rest} more` : '';
        return (
          <Text size="sm" key={label}>
            <strong>{label}:</strong> {named.join(', ')}
            {tail}.
          </Text>
        );
      })}
      {expired.data.items.length > 0 && (
        <Text size="sm" mt={4}>
          {consequence}
        </Text>
      )}
    </Alert>
  );
}
