import { Alert, Badge, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type Organization, useOrganization } from './api.ts';
import { BooksClosed } from './BooksClosed.tsx';
import { LogoCard } from './LogoCard.tsx';
import { OrganizationForm } from './OrganizationForm.tsx';

/** /settings/organization: administrators edit, the other staff read; supplier members may not. */
export function OrganizationSettings() {
  usePageTitle('Organization settings');
  return (
    <RequirePermission action="organization.read">
      <Settings />
    </RequirePermission>
  );
}

function Settings() {
  const organization = useOrganization();
  const mayManage = useCan('organization.manage');

  if (organization.isPending) {
    return (
      <Text c="dimmed" role="status">
        Loading the organization…
      </Text>
    );
  }
  if (organization.isError) {
    return (
      <QueryError
        error={organization.error}
        what="The organization"
        onRetry={() => organization.refetch()}
        retrying={organization.isFetching}
      />
    );
  }
  const org = organization.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="organization-heading">
        <Group justify="space-between" mb="md">
          <Title order={2} fz="h4" id="organization-heading">
            Organization
          </Title>
          {org.isDemo && (
            <Badge color="grape" variant="light">
              Demo organization
            </Badge>
          )}
        </Group>
        {mayManage ? (
          // Keyed by version: after a save or a reload the form starts from the server's values.
          <OrganizationForm key={org.version} organization={org} onReload={() => organization.refetch()} />
        ) : (
          <ReadOnlyOrganization organization={org} />
        )}
      </Paper>
      <LogoCard mayManage={mayManage} />
      <BooksClosed organization={org} />
    </Stack>
  );
}

function ReadOnlyOrganization({ organization: org }: { organization: Organization }) {
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light">
        Only administrators can change these settings.
      </Alert>
      <DataList aria-label="Organization settings" labelWidth="160px">
        <Row label="Name" value={org.name} />
        <Row label="Country" value={org.country} />
        <Row label="Default currency" value={org.defaultCurrency} />
        <Row label="Time zone" value={org.timeZone} />
        <Row label="EPR licence" value={org.eprLicense ?? 'Not set'} />
        <Row label="Mass balance tolerance" value={`${org.massBalanceTolerancePct} %`} />
        <Row label="Weighing tolerance" value={`${org.weighingTolerancePct} %`} />
        <Row
          label="Electricity tariff"
          value={org.electricityTariffPhp ? `PHP ${org.electricityTariffPhp} per kWh` : 'Not set'}
        />
        <Row label="GS1 company prefix" value={org.gs1CompanyPrefix ?? 'Not set'} />
      </DataList>
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
