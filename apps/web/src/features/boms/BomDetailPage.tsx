import {
  Anchor,
  Badge,
  Button,
  DataList,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { bomFigures, bomFootprintQuerySchema, formatGrams } from '@plastrace/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound, wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useCan } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type Bom, type BomVersion, useAddBomVersion, useBom, useComponentOptions } from './api.ts';
import { asWireFigures, FiguresView } from './Figures.tsx';
import { VersionLines } from './VersionLines.tsx';
import { liveFigures, newVersionValues, versionBody, versionFormSchema } from './versionForm.ts';

/** /bom-management/:id: a product, the plastic of the version in effect, the footprint of N units, versions. */
export function BomDetailPage() {
  const { id = '' } = useParams();
  const bom = useBom(id);
  usePageTitle(bom.data ? `${bom.data.code} bill of materials` : 'Bill of materials');
  return (
    <Stack maw={1000} gap="md">
      <Anchor component={Link} to="/bom-management" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to bills of materials
        </Group>
      </Anchor>
      {bom.isPending && (
        <Text c="dimmed" role="status">
          Loading the product…
        </Text>
      )}
      {bom.isError &&
        (isNotFound(bom.error) ? (
          <Paper withBorder p="lg">
            <Title order={1} fz="h3">
              Product not found
            </Title>
            <Text size="sm">This product does not exist, or it belongs to another organization.</Text>
          </Paper>
        ) : (
          <QueryError error={bom.error} what="The product" onRetry={() => bom.refetch()} />
        ))}
      {bom.data && <BomView bom={bom.data} />}
    </Stack>
  );
}

function BomView({ bom }: { bom: Bom }) {
  const mayWrite = useCan('masterdata.write');
  const [adding, setAdding] = useState(false);
  const [units, setUnits] = useState('1000000');
  const current = bom.versions.find((v) => v.versionNo === bom.currentVersion);
  const unitsOk = bomFootprintQuerySchema.shape.units.safeParse(units).success;
  return (
    <>
      <Group justify="space-between">
        <Title order={1}>
          {bom.name}{' '}
          <Text span ff="monospace" c="dimmed">
            {bom.code}
          </Text>
        </Title>
        {bom.archivedAt && <Badge color="gray">Archived</Badge>}
      </Group>
      <Paper withBorder p="lg" radius="md">
        <DataList aria-label="Product details" labelWidth="160px">
          {[
            ['GTIN', bom.gtin ?? '—'],
            ['Unit', bom.unit],
            ['Packaging format', bom.packagingFormat ?? '—'],
            [
              'Version in effect',
              current ? `v${current.versionNo}, from ${current.effectiveFrom}` : 'None yet',
            ],
          ].map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      </Paper>
      {current && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              Plastic footprint
            </Title>
            <TextInput
              label="Units put on the market"
              inputMode="numeric"
              maw={260}
              value={units}
              error={unitsOk ? null : 'Enter a whole number of units above 0'}
              onChange={(e) => setUnits(e.currentTarget.value.replace(/[,\s]/g, ''))}
            />
            <FiguresView figures={versionFigures(current, unitsOk ? units : '1')} unit={bom.unit} />
          </Stack>
        </Paper>
      )}
      <Group justify="space-between">
        <Title order={2} fz="h4">
          Versions
        </Title>
        {mayWrite && !bom.archivedAt && !adding && (
          <Button onClick={() => setAdding(true)}>New version</Button>
        )}
      </Group>
      {adding && <NewVersionForm bom={bom} onDone={() => setAdding(false)} />}
      {bom.versions.map((v) => (
        <Paper key={v.id} withBorder p="md" radius="md">
          <Group justify="space-between" mb="xs">
            <Text fw={700}>
              Version {v.versionNo} · from {v.effectiveFrom}
            </Text>
            {v.versionNo === bom.currentVersion && <Badge color="green">In effect</Badge>}
          </Group>
          {v.notes && (
            <Text size="sm" mb="xs">
              {v.notes}
            </Text>
          )}
          <Table aria-label={`Components of version ${v.versionNo}`} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Component</Table.Th>
                <Table.Th>Polymer</Table.Th>
                <Table.Th ta="right">Per unit</Table.Th>
                <Table.Th ta="right">Mass each</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {v.lines.map((l) => (
                <Table.Tr key={l.lineNo}>
                  <Table.Td>{`${l.component.name} (${l.component.code})`}</Table.Td>
                  <Table.Td>{l.component.polymer}</Table.Td>
                  <Table.Td ta="right">{l.quantity.replace(/\.?0+$/, '')}</Table.Td>
                  <Table.Td ta="right">{formatGrams(l.component.massG)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" mt="xs">
            {formatGrams(v.figures.gramsPerUnit)} of plastic per {bom.unit}; recycled content{' '}
            {v.figures.recycledContentPct ?? '—'} %
          </Text>
        </Paper>
      ))}
    </>
  );
}

/** The footprint of N units with the shared rule the server answers /footprint with. */
const versionFigures = (v: BomVersion, units: string) =>
  asWireFigures(
    bomFigures(
      v.lines.map((l) => ({
        quantity: l.quantity,
        mass_g: l.component.massG,
        recycled_content_pct: l.component.recycledContentPct,
        polymer: l.component.polymer,
        packaging_category: l.component.packagingCategory,
      })),
      units,
    ),
  );

function NewVersionForm({ bom, onDone }: { bom: Bom; onDone: () => void }) {
  const { showToast } = useToast();
  const components = useComponentOptions().data?.items ?? [];
  const add = useAddBomVersion(bom.id);
  const latest = bom.versions[0];
  const form = useSchemaForm(versionFormSchema, {
    ...newVersionValues(new Date().toISOString().slice(0, 10)),
    // Start from the latest version: most changes swap one part.
    ...(latest && {
      lines: latest.lines.map((l) => ({
        key: `v-${l.lineNo}`,
        component_id: l.component.id,
        quantity: l.quantity,
      })),
    }),
  });
  const values = form.getValues();
  const fieldLevel = Object.keys(wireFieldErrorsOf(add.error)).length > 0;
  return (
    <Paper withBorder p="md" radius="md">
      <form
        aria-label="New BOM version"
        noValidate
        onSubmit={form.onSubmit(() =>
          add.mutate(versionBody(versionFormSchema.parse(form.getValues())), {
            onSuccess: (b) => {
              showToast({ message: `Version ${b.versions[0]?.versionNo} of ${b.code} saved.` });
              onDone();
            },
            onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
          }),
        )}
      >
        <Stack gap="sm">
          {!fieldLevel && <ActionError error={add.error} onClose={() => add.reset()} />}
          <Group grow>
            <TextInput
              label="In effect from"
              type="date"
              required
              {...form.getInputProps('effective_from')}
            />
            <TextInput label="What changed" {...form.getInputProps('notes')} />
          </Group>
          <VersionLines form={form} prefix="" lines={values.lines} components={components} />
          <FiguresView figures={asWireFigures(liveFigures(values.lines, components))} unit={bom.unit} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Save version
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
