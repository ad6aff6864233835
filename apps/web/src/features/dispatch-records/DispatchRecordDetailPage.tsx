import { Alert, Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatKg, voidBodySchema } from '@plastrace/shared';
import { IconArrowLeft, IconFileTypePdf, IconPencil, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import classes from '../receive-records/print.module.css';
import { RecordPhotos } from '../receive-records/RecordPhotos.tsx';
import { RecordStatusBadge } from '../receive-records/StatusBadge.tsx';
import { useOrganization } from '../settings/api.ts';
import {
  type DispatchRecord,
  useDispatchRecord,
  usePostDispatchRecord,
  useVoidDispatchRecord,
} from './api.ts';
import { DeliveryBadge } from './DeliveryBadge.tsx';
import { DeliveryDialog } from './DeliveryDialog.tsx';
import { DeliveryPanel, LoadTable } from './DispatchTables.tsx';
import { SettleDialog } from './SettleDialog.tsx';

/** /dispatch-records/:id: one dispatch — post, void, proof of delivery, settle, print. */
export function DispatchRecordDetailPage() {
  const { id = '' } = useParams();
  const record = useDispatchRecord(id);
  usePageTitle(record.data ? `Dispatch ${record.data.number}` : 'Dispatch');
  return (
    <Stack maw={1000} gap="md" className={classes.sheet}>
      <Anchor component={Link} to="/dispatch-records" size="sm" className={classes.noPrint}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to dispatch records
        </Group>
      </Anchor>
      {record.isPending && (
        <Text c="dimmed" role="status">
          Loading the dispatch…
        </Text>
      )}
      {record.isError &&
        (isNotFound(record.error) ? (
          <Paper withBorder p="lg" radius="md">
            <Title order={1} fz="h3" mb="xs">
              Dispatch not found
            </Title>
            <Text size="sm">This dispatch does not exist, or it belongs to another organization.</Text>
          </Paper>
        ) : (
          <QueryError error={record.error} what="The dispatch" onRetry={() => record.refetch()} />
        ))}
      {record.data && <DispatchView record={record.data} />}
    </Stack>
  );
}

function DispatchView({ record }: { record: DispatchRecord }) {
  const { timeZone } = useMe();
  const mayWrite = useCan('dispatch.write');
  const mayVoid = useCan('dispatch.void');
  const maySettle = useCan('dispatch.settle');
  const tolerance = useOrganization().data?.weighingTolerancePct ?? '0.20';
  const { showToast } = useToast();
  const post = usePostDispatchRecord();
  const voidIt = useVoidDispatchRecord();
  const postKey = useRef(newIdempotencyKey());
  const files = useDownload();
  const [dialog, setDialog] = useState<'post' | 'void' | 'deliver' | 'settle' | null>(null);
  const close = () => setDialog(null);
  const draft = record.status === 'draft';
  const awaiting = record.status === 'posted' && !record.delivery;

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1}>Dispatch {record.number}</Title>
          <RecordStatusBadge status={record.status} />
          <DeliveryBadge record={record} />
        </Group>
        <Group gap="xs" className={classes.noPrint}>
          {draft && mayWrite && (
            <>
              <Button
                variant="default"
                component={Link}
                to={`/dispatch-records/${record.id}/edit`}
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                Edit
              </Button>
              <Button onClick={() => setDialog('post')}>Post</Button>
            </>
          )}
          {awaiting && mayVoid && (
            <Button color="red" variant="outline" onClick={() => setDialog('void')}>
              Void
            </Button>
          )}
          {awaiting && mayWrite && <Button onClick={() => setDialog('deliver')}>Record delivery</Button>}
          {record.discrepancy?.status === 'open' && maySettle && (
            <Button color="orange" onClick={() => setDialog('settle')}>
              Settle discrepancy
            </Button>
          )}
          {record.deliveryReceiptNo ? (
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              loading={files.pending === 'receipt'}
              onClick={() =>
                files.download(
                  'receipt',
                  `/dispatch-records/${record.id}/receipt.pdf`,
                  {},
                  `${record.deliveryReceiptNo}.pdf`,
                )
              }
            >
              Delivery receipt (PDF)
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => window.print()}
            >
              Print
            </Button>
          )}
        </Group>
      </Group>
      <ActionError error={files.error} onClose={files.clearError} />
      {post.error && dialog !== 'post' && (
        <Alert color="red" role="alert" title="Not posted" withCloseButton onClose={() => post.reset()}>
          {post.error.message}
        </Alert>
      )}

      <Paper withBorder p="lg" radius="md">
        <DataList aria-label="Dispatch details" labelWidth="170px">
          {record.deliveryReceiptNo && <Item label="Delivery receipt">{record.deliveryReceiptNo}</Item>}
          <Item label="Customer">{`${record.customer.name} (${record.customer.code})`}</Item>
          {record.order && (
            <Item label="Sales order">
              <Anchor component={Link} to={`/order-records/${record.order.id}`}>
                {record.order.number}
              </Anchor>
            </Item>
          )}
          <Item label="From">{`${record.facility.name} (${record.facility.code})`}</Item>
          {record.destination && <Item label="To">{record.destination}</Item>}
          <Item label="Dispatched at">{formatDateTime(record.dispatchedAt, timeZone)}</Item>
          <Item label="Truck">
            {[
              record.vehicle && `${record.vehicle.code} · ${record.vehicle.name}`,
              record.driver && `driver ${record.driver.name}`,
              record.hauler?.name,
            ]
              .filter(Boolean)
              .join(' · ') || 'Not recorded'}
          </Item>
          {record.netKg && (
            <Item label="Weighbridge">
              {`Gross ${formatKg(record.grossKg ?? '0')} − tare ${formatKg(record.tareKg ?? '0')} = net ${formatKg(record.netKg)}${record.weighbridgeTicket ? ` (ticket ${record.weighbridgeTicket})` : ''}`}
            </Item>
          )}
          {record.sealNumbers.length > 0 && <Item label="Seals">{record.sealNumbers.join(', ')}</Item>}
          {record.postedAt && <Item label="Posted at">{formatDateTime(record.postedAt, timeZone)}</Item>}
          {record.voidedAt && (
            <Item label="Voided at">{`${formatDateTime(record.voidedAt, timeZone)}: ${record.voidReason ?? ''}`}</Item>
          )}
          {record.notes && <Item label="Notes">{record.notes}</Item>}
        </DataList>
      </Paper>

      <LoadTable record={record} />
      <DeliveryPanel record={record} timeZone={timeZone} />
      <RecordPhotos
        record={record}
        resource="dispatch-records"
        title="Photos of the load"
        canRemove={draft && mayWrite}
        canAdd={draft && mayWrite}
      />

      <ConfirmDialog
        opened={dialog === 'post'}
        title={`Post ${record.number}?`}
        confirmLabel="Post"
        color="green"
        loading={post.isPending}
        error={post.error}
        onClose={() => {
          post.reset();
          close();
        }}
        onConfirm={() =>
          post.mutate(
            { id: record.id, idempotencyKey: postKey.current },
            {
              onSuccess: (p) => {
                postKey.current = newIdempotencyKey();
                close();
                showToast({ message: `${p.number} posted: delivery receipt ${p.deliveryReceiptNo}.` });
              },
            },
          )
        }
      >
        Posting takes {formatKg(record.totalKg)} out of stock, numbers the delivery receipt and records what
        the customer owes. A posted dispatch can only be voided, and only until it is delivered.
      </ConfirmDialog>
      <ReasonDialog
        opened={dialog === 'void'}
        title={`Void ${record.number}?`}
        confirmLabel="Void dispatch"
        schema={voidBodySchema}
        loading={voidIt.isPending}
        error={voidIt.error}
        onClose={() => {
          voidIt.reset();
          close();
        }}
        onConfirm={(reason) =>
          voidIt.mutate(
            { id: record.id, reason },
            {
              onSuccess: (v) => {
                close();
                showToast({ message: `${v.number} voided: its lots are back in stock.` });
              },
            },
          )
        }
      >
        Voiding brings the lots back into stock and cancels what the customer owes for them.
      </ReasonDialog>
      {dialog === 'deliver' && (
        <DeliveryDialog record={record} opened onClose={close} tolerancePct={tolerance} />
      )}
      {dialog === 'settle' && <SettleDialog record={record} opened onClose={close} />}
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
