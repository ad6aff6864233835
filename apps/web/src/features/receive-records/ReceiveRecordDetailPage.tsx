import { Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatKg, formatPhp, voidBodySchema } from '@plastrace/shared';
import { IconArrowLeft, IconPencil, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type ReceiveRecord, usePostReceiveRecord, useReceiveRecord, useVoidReceiveRecord } from './api.ts';
import classes from './print.module.css';
import { ReceiveLinesTable } from './ReceiveLinesTable.tsx';
import { RecordPhotos } from './RecordPhotos.tsx';
import { RecordStatusBadge } from './StatusBadge.tsx';

/** /receive-records/:id: one delivery with its lines and lots; post, void and print. */
export function ReceiveRecordDetailPage() {
  const { id = '' } = useParams();
  const record = useReceiveRecord(id);
  usePageTitle(record.data ? `Receive record ${record.data.number}` : 'Receive record');

  return (
    <Stack maw={1000} gap="md" className={classes.sheet}>
      <Anchor component={Link} to="/receive-records" size="sm" className={classes.noPrint}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to receive records
        </Group>
      </Anchor>
      {record.isPending && (
        <Text c="dimmed" role="status">
          Loading the record…
        </Text>
      )}
      {record.isError &&
        (isNotFound(record.error) ? (
          <Paper withBorder p="lg" radius="md">
            <Title order={1} fz="h3" mb="xs">
              Receive record not found
            </Title>
            <Text size="sm">This record does not exist, or it belongs to another organization.</Text>
          </Paper>
        ) : (
          <QueryError
            error={record.error}
            what="The receive record"
            onRetry={() => record.refetch()}
            retrying={record.isFetching}
          />
        ))}
      {record.data && <RecordView record={record.data} />}
    </Stack>
  );
}

function RecordView({ record }: { record: ReceiveRecord }) {
  const { timeZone } = useMe();
  const mayDraft = useCan('records.write');
  const mayVoid = useCan('records.void');
  const { showToast } = useToast();
  const post = usePostReceiveRecord();
  const voidRecord = useVoidReceiveRecord();
  const postKey = useRef(newIdempotencyKey());
  const [confirmPost, setConfirmPost] = useState(false);
  const [askVoid, setAskVoid] = useState(false);
  const editable = record.status === 'draft' && mayDraft;

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1}>Receive record {record.number}</Title>
          <RecordStatusBadge status={record.status} />
        </Group>
        <Group gap="xs" className={classes.noPrint}>
          {editable && (
            <>
              <Button
                variant="default"
                component={Link}
                to={`/receive-records/${record.id}/edit`}
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

      <Paper withBorder p="lg" radius="md">
        <DataList aria-label="Record details" labelWidth="170px">
          <Item label="Supplier">{`${record.supplier.name} (${record.supplier.code})`}</Item>
          <Item label="Facility">{`${record.facility.name} (${record.facility.code})`}</Item>
          {record.order && (
            <Item label="Purchase order">
              <Anchor component={Link} to={`/order-records/${record.order.id}`} size="sm" ff="monospace">
                {record.order.number}
              </Anchor>
            </Item>
          )}
          <Item label="Received at">{formatDateTime(record.receivedAt, timeZone)}</Item>
          <Item label="Weighbridge ticket">{record.weighbridgeTicket ?? '—'}</Item>
          <Item label="Vehicle plate">{record.vehiclePlate ?? '—'}</Item>
          <Item label="Scale or device">{record.scaleDeviceId ?? '—'}</Item>
          <Item label="Total net">{formatKg(record.totalNetKg)}</Item>
          <Item label="Total amount">{formatPhp(record.totalAmount)}</Item>
          {record.postedAt && <Item label="Posted at">{formatDateTime(record.postedAt, timeZone)}</Item>}
          {record.voidedAt && (
            <Item label="Voided at">{`${formatDateTime(record.voidedAt, timeZone)}: ${record.voidReason ?? ''}`}</Item>
          )}
          {record.notes && <Item label="Notes">{record.notes}</Item>}
        </DataList>
      </Paper>

      <ReceiveLinesTable record={record} />
      <RecordPhotos record={record} canRemove={editable} canAdd={editable} />

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
        onConfirm={() =>
          post.mutate(
            { id: record.id, idempotencyKey: postKey.current },
            {
              onSuccess: (posted) => {
                postKey.current = newIdempotencyKey();
                setConfirmPost(false);
                showToast({ message: `${posted.number} posted: ${posted.lines.length} lot(s) created.` });
              },
            },
          )
        }
      >
        Posting creates a lot per line, adds {formatKg(record.totalNetKg)} to stock and owes the supplier{' '}
        {formatPhp(record.totalAmount)}. A posted record can only be voided, not edited.
      </ConfirmDialog>
      <ReasonDialog
        opened={askVoid}
        title={`Void ${record.number}?`}
        confirmLabel="Void record"
        schema={voidBodySchema}
        loading={voidRecord.isPending}
        error={voidRecord.error}
        onClose={() => {
          voidRecord.reset();
          setAskVoid(false);
        }}
        onConfirm={(reason) =>
          voidRecord.mutate(
            { id: record.id, reason },
            {
              onSuccess: (voided) => {
                setAskVoid(false);
                showToast({ message: `${voided.number} voided.` });
              },
            },
          )
        }
      >
        Voiding takes its lots out of stock and reverses the payable. It is refused once a lot has been used.
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
