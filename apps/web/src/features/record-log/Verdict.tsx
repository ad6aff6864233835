import { Alert, Group, List, Paper, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Check } from './verification.ts';

/** The outcome, first and large: "Verified", or "Not verified: <the reason>". */
export function VerdictBanner({
  ok,
  reason,
  children,
}: {
  ok: boolean;
  reason?: string | undefined;
  children?: ReactNode;
}) {
  const color = ok ? 'var(--mantine-color-green-text)' : 'var(--mantine-color-red-text)';
  const Icon = ok ? IconCircleCheck : IconCircleX;
  return (
    <Paper withBorder p="md" radius="md" role="status" style={{ borderColor: color, borderWidth: 2 }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Icon size={32} color={color} aria-hidden style={{ flex: 'none' }} />
        <div>
          <Title order={3} fz="h3" c={ok ? 'green' : 'red'} style={{ overflowWrap: 'anywhere' }}>
            {ok ? 'Verified' : `Not verified: ${reason ?? 'the verification failed'}`}
          </Title>
          {children && (
            <Text size="sm" mt={4}>
              {children}
            </Text>
          )}
        </div>
      </Group>
    </Paper>
  );
}

/** Each check made, ✓ or ✗, with what was found. */
export function ChecksList({ checks, label }: { checks: readonly Check[]; label: string }) {
  return (
    <List aria-label={label} spacing={4} listStyleType="none" p={0} m={0}>
      {checks.map((check) => (
        <List.Item key={check.name}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={700} c={check.ok ? 'green' : 'red'}>
              {check.ok ? '✓' : '✗'}
            </Text>{' '}
            <Text span fw={600}>
              {check.name}
            </Text>
            : {check.detail}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** A hash or key: monospace, wrapping anywhere rather than widening the page. */
export function HashText({ children, size = 'sm' }: { children: ReactNode; size?: 'xs' | 'sm' }) {
  return (
    <Text span ff="monospace" size={size} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/**
 * The record in the database no longer reads as its latest logged version (the history's
 * current_matches): it was changed without a new entry in the log.
 */
export function ChangedWarning({ detail }: { detail: string }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Changed without being logged">
      The record no longer reads as its latest logged version: it was changed without a new entry in the log.{' '}
      {detail}
    </Alert>
  );
}
