import { Alert, Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  energyBasisPhrase,
  formatCount,
  formatKg,
  formatPhp,
  productionPostBodySchema,
  voidBodySchema,
} from '@plastrace/shared';
import { IconArrowLeft, IconPencil, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api/errors.ts';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import classes from '../receive-records/print.module.css';
import { RecordPhotos } from '../receive-records/RecordPhotos.tsx';
import { RecordStatusBadge } from '../receive-records/StatusBadge.tsx';
import {
  type ProductionRecord,
  usePostProductionRecord,
  useProductionRecord,
  useVoidProductionRecord,
} from './api.ts';
import { RunTables } from './RunTables.tsx';

/** The post route's reason for a run above capacity, as a reason dialog's body. */
const capacitySchema = z.object({
  reason: productionPostBodySchema.unwrap().shape.over_capacity_reason.unwrap().unwrap(),
});

const overCapacity = (error: unknown) => error instanceof ApiError && error.details?.over_capacity === true;

/** /production-records/:id: one run with its lots, mass balance, energy and lineage; post, void, print. */
export function ProductionRecordDetailPage() {
  const { id = '' } = useParams();
  const record = useProductionRecord(id);
  usePageTitle(record.data ? `Production run ${record.data.number}` : 'Production run');
  return (
    <Stack maw={1000} gap="md" className={classes.sheet}>
      <Anchor component={Link} to="/production-records" size="sm" className={classes.noPrint}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to production records
        </Group>
      </Anchor>
      {record.isPending && (
        <Text c="dimmed" role="status">
          Loading the run…
        </Text>
      )}
      {record.isError &&
        (isNotFound(record.error) ? (
          <Paper withBorder p="lg" radius="md">
            <Title order={1} fz="h3" mb="xs">
              Production run not found
            </Title>
            <Text size="sm">This run does not exist, or it belongs to another organization.</Text>
          </Paper>
        ) : (
          <QueryError error={record.error} what="The production run" onRetry={() => record.refetch()} />
        ))}
      {record.data && <RunView record={record.data} />}
    </Stack>
  );
}

function RunView({ record }: { record: ProductionRecord }) {
  const { timeZone } = useMe();
  const mayWrite = useCan('production.write');
  const mayVoid = useCan('production.void');
  const mayConfirm = useCan('production.confirm_capacity');
  const { showToast } = useToast();
  const post = usePostProductionRecord();
  const voidRun = useVoidProductionRecord();
  const postKey = useRef(newIdempotencyKey());
  const [confirmPost, setConfirmPost] = useState(false);
  const [askCapacity, setAskCapacity] = useState(false);
  const [askVoid, setAskVoid] = useState(false);
  const draft = record.status === 'draft';

  const doPost = (overCapacityReason?: string) =>
    post.mutate(
      { id: record.id, idempotencyKey: postKey.current, overCapacityReason },
      {
        onSuccess: (p) => {
          postKey.current = newIdempotencyKey();
          setConfirmPost(false);
          setAskCapacity(false);
          showToast({ message: `${p.number} posted: ${p.outputs.length} lot(s) made.` });
        },
        onError: (error) => {
          // Above the line's capacity: a manager may confirm with a reason (a new request).
          if (overCapacity(error) && mayConfirm) {
            postKey.current = newIdempotencyKey();
            setConfirmPost(false);
            setAskCapacity(true);
          }
        },
      },
    );

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1}>Production run {record.number}</Title>
          <RecordStatusBadge status={record.status} />
        </Group>
        <Group gap="xs" className={classes.noPrint}>
          {draft && mayWrite && (
            <>
              <Button
                variant="default"
                component={Link}
                to={`/production-records/${record.id}/edit`}
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                Edit
              </Button>
              <Button onClick={() => setConfirmPost(true)}>Post</Button>
            </>
          )}
          {record.status === 'posted' && mayVoid && (
            <Button color="red" variant="outline" onClick={() => setAskVoid(true)}>
              Void
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
          >
            Print
          </Button>
        </Group>
      </Group>
      {post.error && !confirmPost && !askCapacity && (
        <Alert color="red" role="alert" title="Not posted" withCloseButton onClose={() => post.reset()}>
          {post.error.message}
        </Alert>
      )}

      <Paper withBorder p="lg" radius="md">
        <DataList aria-label="Run details" labelWidth="170px">
          <Item label="Facility">{`${record.facility.name} (${record.facility.code})`}</Item>
          <Item label="Production line">
            {record.productionLine ? `${record.productionLine.name} (${record.productionLine.code})` : 'None'}
          </Item>
          <Item label="Process">{record.process.name}</Item>
          {record.product && (
            <Item label="Product">
              {`${formatCount(record.units)} × ${record.product.name} (${record.product.code}), BOM v${record.bomVersion?.versionNo ?? '—'}`}
            </Item>
          )}
          <Item label="Run">{`${formatDateTime(record.startedAt, timeZone)} – ${formatDateTime(record.endedAt, timeZone)}`}</Item>
          {(record.shift || record.crew) && (
            <Item label="Shift and crew">{[record.shift, record.crew].filter(Boolean).join(' · ')}</Item>
          )}
          <Item label="Mass balance">
            {`In ${formatKg(record.totalInputKg)} = out ${formatKg(record.totalOutputKg)} + loss ${formatKg(record.totalLossKg)}; difference ${formatKg(record.differenceKg)}`}
          </Item>
          <Item label="Yield">{record.yieldPct ? `${record.yieldPct} %` : '—'}</Item>
          {record.recycledContentPct && (
            <Item label="Recycled content">{`${record.recycledContentPct} % of the inputs by mass, carried by the lots made`}</Item>
          )}
          <Item label="Energy">
            {record.energyKwh
              ? `${record.energyKwh} kWh (${energyBasisPhrase(record.energyBasis ?? 'none')})${record.energyCostPhp ? ` · ${formatPhp(record.energyCostPhp)}` : ''}`
              : record.status === 'draft'
                ? 'Booked at posting'
                : 'Unknown: no meter reading, factor or rated power'}
          </Item>
          {(record.meterStartKwh || record.meterDevice) && (
            <Item label="Meter">
              {`${record.meterDevice ? `${record.meterDevice.code} · ${record.meterDevice.name}: ` : 'Typed: '}${record.meterStartKwh ?? '—'} → ${record.meterEndKwh ?? '—'} kWh`}
            </Item>
          )}
          {record.waterM3 && <Item label="Water">{`${record.waterM3} m³`}</Item>}
          {record.outputValuePhp && (
            <Item label="Value">
              {`Inputs ${formatPhp(record.inputValuePhp ?? '0')} + energy ${formatPhp(record.energyCostPhp ?? '0')} + line ${formatPhp(record.lineCostPhp ?? '0')} = outputs ${formatPhp(record.outputValuePhp)}`}
            </Item>
          )}
          {record.overCapacityReason && <Item label="Above capacity">{record.overCapacityReason}</Item>}
          {record.postedAt && <Item label="Posted at">{formatDateTime(record.postedAt, timeZone)}</Item>}
          {record.voidedAt && (
            <Item label="Voided at">{`${formatDateTime(record.voidedAt, timeZone)}: ${record.voidReason ?? ''}`}</Item>
          )}
          {record.notes && <Item label="Notes">{record.notes}</Item>}
        </DataList>
      </Paper>

      <RunTables record={record} />
      <RecordPhotos
        record={record}
        resource="production-records"
        canRemove={draft && mayWrite}
        canAdd={draft && mayWrite}
      />

      <ConfirmDialog
        opened={confirmPost}
        title={`Post ${record.number}?`}
        confirmLabel="Post"
        color="green"
        loading={post.isPending}
        error={post.error}
        onClose={() => {
          post.reset();
          setConfirmPost(false);
        }}
        onConfirm={() => doPost()}
      >
        Posting takes {formatKg(record.totalInputKg)} out of stock and makes {record.outputs.length} lot(s) of{' '}
        {formatKg(record.totalOutputKg)}. A posted run can only be voided, not edited.
      </ConfirmDialog>
      <ReasonDialog
        opened={askCapacity}
        title="Confirm a run above the line’s capacity"
        confirmLabel="Confirm and post"
        color="brand"
        schema={capacitySchema}
        loading={post.isPending}
        error={overCapacity(post.error) ? undefined : post.error}
        onClose={() => {
          post.reset();
          setAskCapacity(false);
        }}
        onConfirm={(reason) => doPost(reason)}
      >
        {overCapacity(post.error) ? post.error?.message : ''} Say why the line could process this much; the
        reason is kept with the run.
      </ReasonDialog>
      <ReasonDialog
        opened={askVoid}
        title={`Void ${record.number}?`}
        confirmLabel="Void run"
        schema={voidBodySchema}
        loading={voidRun.isPending}
        error={voidRun.error}
        onClose={() => {
          voidRun.reset();
          setAskVoid(false);
        }}
        onConfirm={(reason) =>
          voidRun.mutate(
            { id: record.id, reason },
            {
              onSuccess: (v) => {
                setAskVoid(false);
                showToast({ message: `${v.number} voided.` });
              },
            },
          )
        }
      >
        Voiding takes the lots this run made out of stock and returns its inputs. It is refused once one of
        those lots has been used.
      </ReasonDialog>
    </>
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
