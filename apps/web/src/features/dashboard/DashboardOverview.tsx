import { Anchor, Badge, DataList, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { MEMBER_ROLES, memberRoleLabel } from '@plastrace/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { transactionTypeLabel } from '../activity/format.ts';
import { EmailNotVerifiedBanner } from '../profile/ResendVerification.tsx';
import { DashboardCard } from './DashboardCard.tsx';
import { OperationsOverview } from './OperationsOverview.tsx';
import { SupplierOverview } from './SupplierOverview.tsx';
import { type DashboardSummary, useDashboardSummary } from './summary.ts';

/**
 * The dashboard's overview: for staff the operations (alerts, figures against the period before, the
 * trend, stock) and the organization and the team (each only when the role may see it), for a supplier
 * member their own deliveries, balance and payments; then the latest activity.
 */
export function DashboardOverview() {
  const summary = useDashboardSummary();
  const { me, timeZone } = useMe();
  const mayOpenTeam = useCan('members.read');
  const mayOpenSettings = useCan('organization.read');

  return (
    <Stack gap="md">
      {me && !me.emailVerified && <EmailNotVerifiedBanner email={me.email} />}
      {summary.isPending && (
        <Text c="dimmed" role="status">
          Loading the overview…
        </Text>
      )}
      {summary.isError && (
        <QueryError
          error={summary.error}
          what="The overview"
          onRetry={() => summary.refetch()}
          retrying={summary.isFetching}
        />
      )}
      {summary.data?.supplier && <SupplierOverview summary={summary.data.supplier} timeZone={timeZone} />}
      {summary.data?.operations && <OperationsOverview ops={summary.data.operations} />}
      {summary.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {summary.data.organization && (
            <OrganizationCard organization={summary.data.organization} linkToSettings={mayOpenSettings} />
          )}
          {summary.data.team && <TeamCard team={summary.data.team} linkToTeam={mayOpenTeam} />}
          <DashboardCard
            id="recent-activity"
            title="Recent activity"
            wide
            link={{ to: '/user-transactions', label: 'View the activity log' }}
          >
            {summary.data.recentActivity.length === 0 ? (
              <Text c="dimmed" size="sm">
                No activity yet.
              </Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {summary.data.recentActivity.map((entry) => (
                  <li key={entry.id}>
                    <Group justify="space-between" wrap="wrap" gap={4}>
                      <div>
                        <Anchor component={Link} to={`/transactions/${entry.id}`} size="sm">
                          {entry.description}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {entry.userName} · {transactionTypeLabel(entry.transactionType)}
                        </Text>
                      </div>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(entry.createdAt, timeZone)}
                      </Text>
                    </Group>
                  </li>
                ))}
              </Stack>
            )}
          </DashboardCard>
        </SimpleGrid>
      )}
    </Stack>
  );
}

function OrganizationCard({
  organization: org,
  linkToSettings,
}: {
  organization: NonNullable<DashboardSummary['organization']>;
  linkToSettings: boolean;
}) {
  return (
    <DashboardCard
      id="overview-organization"
      title="Organization"
      link={linkToSettings ? { to: '/settings/organization', label: 'Settings' } : undefined}
    >
      <Group gap="xs" mb="sm">
        <Text fw={700} size="lg">
          {org.name}
        </Text>
        {org.isDemo && (
          <Badge color="grape" variant="light">
            Demo
          </Badge>
        )}
      </Group>
      <DataList labelWidth="140px" aria-label="Organization">
        <Item label="Default currency">{org.defaultCurrency}</Item>
        <Item label="Time zone">{org.timeZone}</Item>
        <Item label="EPR licence">{org.eprLicense ?? 'Not set'}</Item>
        <Item label="Books closed through">
          {org.booksClosedThrough ? formatDate(org.booksClosedThrough, 'UTC') : 'No period is closed'}
        </Item>
      </DataList>
    </DashboardCard>
  );
}

function TeamCard({
  team,
  linkToTeam,
}: {
  team: NonNullable<DashboardSummary['team']>;
  linkToTeam: boolean;
}) {
  return (
    <DashboardCard
      id="overview-team"
      title="Team"
      link={linkToTeam ? { to: '/user-management', label: 'Manage team' } : undefined}
    >
      <Text size="sm" mb="sm">
        <strong>{team.activeMembers}</strong> active {team.activeMembers === 1 ? 'member' : 'members'} ·{' '}
        <strong>{team.pendingInvitations}</strong> pending{' '}
        {team.pendingInvitations === 1 ? 'invitation' : 'invitations'}
      </Text>
      <DataList labelWidth="140px" aria-label="Active members by role">
        {MEMBER_ROLES.map((r) => (
          <Item key={r} label={memberRoleLabel(r)}>
            {team.byRole[r] ?? 0}
          </Item>
        ))}
      </DataList>
    </DashboardCard>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
