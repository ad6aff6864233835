import { Anchor, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { materialsConfig } from '../materials/config.tsx';
import { EnergyCalculator } from './EnergyCalculator.tsx';
import { EprCreditsCalculator } from './EprCreditsCalculator.tsx';
import { MasterDataList } from './MasterDataList.tsx';
import { processTypesConfig } from './processTypesConfig.tsx';
import { useEprCountries, useReferenceProcessTypes } from './referenceApi.ts';

type Tab = 'materials' | 'process-types' | 'epr' | 'energy' | 'epr-credits';
const TABS: Tab[] = ['materials', 'process-types', 'epr', 'energy', 'epr-credits'];

/** /system-catalog: the organization's materials and process types, and the reference data behind them. */
export function SystemCatalogPage() {
  usePageTitle('System catalog');
  return (
    <RequirePermission action="masterdata.read" title="System catalog">
      <SystemCatalog />
    </RequirePermission>
  );
}

function SystemCatalog() {
  const [params, setParams] = useSearchParams();
  const credits = useCan('epr.calculate');
  const raw = params.get('tab') as Tab | null;
  const tab: Tab = raw && TABS.includes(raw) && (raw !== 'epr-credits' || credits) ? raw : 'materials';

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>System catalog</Title>
        <Text c="dimmed" size="sm">
          Your materials and process types, and the reference lists they are counted against.
        </Text>
      </div>
      <Tabs
        value={tab}
        keepMounted={false}
        // A new tab starts with its own filters: only the tab is kept in the URL.
        onChange={(value) =>
          setParams(value && value !== 'materials' ? { tab: value } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="materials">Materials</Tabs.Tab>
          <Tabs.Tab value="process-types">Process types</Tabs.Tab>
          <Tabs.Tab value="epr">EPR countries</Tabs.Tab>
          <Tabs.Tab value="energy">Energy calculator</Tabs.Tab>
          {credits && <Tabs.Tab value="epr-credits">EPR credits</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="materials">
          <MasterDataList config={materialsConfig} />
        </Tabs.Panel>
        <Tabs.Panel value="process-types">
          <Stack gap="xl">
            <MasterDataList config={processTypesConfig} />
            <ReferenceProcessTypes />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="epr">
          <EprCountries />
        </Tabs.Panel>
        <Tabs.Panel value="energy">
          <EnergyCalculator />
        </Tabs.Panel>
        {credits && (
          <Tabs.Panel value="epr-credits">
            <EprCreditsCalculator />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

const isUrl = (s: string) => /^https?:\/\//.test(s);
const Source = ({ source }: { source: string }) =>
  isUrl(source) ? (
    <Anchor href={source} target="_blank" rel="noreferrer" size="sm">
      {new URL(source).hostname}
    </Anchor>
  ) : (
    <Text size="sm">{source}</Text>
  );

function ReferenceProcessTypes() {
  const query = useReferenceProcessTypes();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Reference process types
      </Title>
      <Text size="sm" c="dimmed">
        Indicative energy use per tonne; your own process types may override the figure.
      </Text>
      {query.isPending && (
        <Text c="dimmed" role="status">
          Loading…
        </Text>
      )}
      {query.isError && (
        <QueryError error={query.error} what="The reference process types" onRetry={() => query.refetch()} />
      )}
      {query.data && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label="Reference process types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">kWh/t</Table.Th>
                <Table.Th>Source</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((p) => (
                <Table.Tr key={p.code}>
                  <Table.Td>{p.code}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.name}</Text>
                    <Text size="xs" c="dimmed">
                      {p.description}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{p.kwhPerTonne ?? '—'}</Table.Td>
                  <Table.Td>
                    <Source source={p.energySource} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function EprCountries() {
  const query = useEprCountries();
  if (query.isPending)
    return (
      <Text c="dimmed" role="status">
        Loading…
      </Text>
    );
  if (query.isError)
    return <QueryError error={query.error} what="The EPR countries" onRetry={() => query.refetch()} />;
  return (
    <Stack gap="xl">
      {query.data.items.map((c) => (
        <Stack key={c.code} gap="xs">
          <Title order={2} size="h4">
            {c.name}: {c.law}
          </Title>
          <Text size="sm">{c.regulation}</Text>
          <Text size="sm">
            <strong>Obliged enterprises:</strong> {c.obligedEnterprises}
          </Text>
          <Text size="sm">
            <strong>Covered packaging:</strong> {c.coveredPackaging}
          </Text>
          <Text size="sm">
            <strong>Penalty:</strong> {c.penalty}
          </Text>
          <Table verticalSpacing="xs" striped aria-label={`${c.name} recovery targets`} maw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Year</Table.Th>
                <Table.Th ta="right">Recovery target</Table.Th>
                <Table.Th>Source</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.targets.map((t, i) => (
                <Table.Tr key={t.year}>
                  <Table.Td>
                    {t.year}
                    {i === c.targets.length - 1 ? ' onward' : ''}
                  </Table.Td>
                  <Table.Td ta="right">{t.recoveryTargetPct}%</Table.Td>
                  <Table.Td>
                    <Source source={t.source} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            Baseline year {c.baselineYear}. Source: <Source source={c.source} />
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
