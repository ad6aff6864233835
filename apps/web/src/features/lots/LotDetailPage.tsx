import { Alert, Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatKg, formatPhp, toUnits } from '@plastrace/shared';
import { IconArrowLeft, IconExternalLink, IconQrcode } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { downloadFile } from '../../api/download.ts';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { AdjustDialog } from './AdjustDialog.tsx';
import { type LotAction, type LotDetail, useLot, useLotAction } from './api.ts';
import { LotStatusBadge } from './LotStatusBadge.tsx';
import { MovementsTable } from './MovementsTable.tsx';
import { SplitDialog } from './SplitDialog.tsx';

/** /batch-management/:id: a lot's balance, value and movements, and what can be done with it. */
export function LotDetailPage() {
  const { id = '' } = useParams();
  const lot = useLot(id);
  usePageTitle(lot.data ? `Lot ${lot.data.code}` : 'Lot');
  return (
    <Stack maw={1000} gap="md">
      <Anchor component={Link} to="/batch-management" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to batches
        </Group>
      </Anchor>
      {lot.isPending && (
        <Text c="dimmed" role="status">
          Loading the lot…
        </Text>
      )}
      {lot.isError &&
        (isNotFound(lot.error) ? (
          <Paper withBorder p="lg" radius="md">
            <Title order={1} fz="h3">
              Lot not found
            </Title>
          </Paper>
        ) : (
          <QueryError
            error={lot.error}
            what="The lot"
            onRetry={() => lot.refetch()}
            retrying={lot.isFetching}
          />
        ))}
      {lot.data && <LotView lot={lot.data} />}
    </Stack>
  );
}

type Dialog = 'split' | 'quarantine' | 'release' | 'adjust' | null;

function LotView({ lot }: { lot: LotDetail }) {
  const { timeZone } = useMe();
  const mayMove = useCan('records.write');
  const mayAdjust = useCan('stock.adjust');
  const mayTrace = useCan('trace.read');
  const mayPassport = useCan('passports.read');
  const { showToast } = useToast();
  const action = useLotAction(lot.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => {
    action.reset();
    setDialog(null);
  };
  const run = (a: LotAction, message: string) =>
    action.mutate(a, {
      onSuccess: () => {
        setDialog(null);
        showToast({ message });
      },
    });
  const open = lot.status === 'available' || lot.status === 'quarantined';
  // The QR encodes this lot's public /verify page; print it on the bale or bag label.
  const downloadQr = () =>
    downloadFile(`/lots/${lot.id}/qr.png`, {}, `lot-${lot.code}.png`).catch((e: unknown) =>
      showToast({
        message: e instanceof Error ? e.message : 'The QR code could not be downloaded',
        color: 'red',
      }),
    );

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} ff="monospace">
            {lot.code}
          </Title>
          <LotStatusBadge status={lot.status} />
        </Group>
        <Group gap="xs">
          {mayMove && lot.status === 'available' && (
            <>
              <Button variant="default" onClick={() => setDialog('split')}>
                Split
              </Button>
              <Button variant="default" color="orange" onClick={() => setDialog('quarantine')}>
                Quarantine
              </Button>
            </>
          )}
          {mayMove && lot.status === 'quarantined' && (
            <Button variant="default" onClick={() => setDialog('release')}>
              Release
            </Button>
          )}
          {mayAdjust && open && (
            <Button variant="default" onClick={() => setDialog('adjust')}>
              Adjust
            </Button>
          )}
          {mayTrace && (
            <Button variant="default" component={Link} to={`/traceability?q=${encodeURIComponent(lot.code)}`}>
              Trace
            </Button>
          )}
          {mayPassport && (
            <Button
              variant="default"
              component={Link}
              to={`/product-passport?q=${encodeURIComponent(lot.code)}`}
            >
              Passport
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconQrcode size={16} aria-hidden />}
            onClick={() => void downloadQr()}
          >
            QR label (PNG)
          </Button>
          <Button
            variant="subtle"
            component={Link}
            to={`/verify/${lot.id}`}
            target="_blank"
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            Public page
          </Button>
        </Group>
      </Group>
      {lot.status === 'quarantined' && (
        <Alert color="orange" title="Quarantined">
          {lot.quarantineReason ?? 'Held back from use.'}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <DataList aria-label="Lot details" labelWidth="150px">
          <Item label="Balance">{formatKg(lot.qtyKg)}</Item>
          {toUnits(lot.reservedKg ?? '0', 3) > 0n && (
            <Item label="Reserved">{`${formatKg(lot.reservedKg)} for the marketplace (listings and deals’ orders)`}</Item>
          )}
          <Item label="Value">{formatPhp(lot.valuePhp)}</Item>
          <Item label="Material">{`${lot.material.name} (${lot.material.code})`}</Item>
          <Item label="Recycled content">{`${lot.recycledContentPct} %`}</Item>
          <Item label="Facility">{`${lot.facility.name}, ${lot.facility.city}`}</Item>
          <Item label="Origin">
            <LotOrigin lot={lot} timeZone={timeZone} />
          </Item>
          <Item label="Created">{formatDateTime(lot.createdAt, timeZone)}</Item>
        </DataList>
      </Paper>
      <Title order={2} fz="h4">
        Movement history
      </Title>
      <MovementsTable movements={lot.movements} timeZone={timeZone} />

      <SplitDialog
        opened={dialog === 'split'}
        lotCode={lot.code}
        qtyKg={lot.qtyKg}
        loading={action.isPending}
        error={action.error}
        onClose={close}
        onSplit={(partsKg) =>
          run({ kind: 'split', partsKg }, `${lot.code} split into ${partsKg.length + 1} lots.`)
        }
      />
      <ReasonDialog
        opened={dialog === 'quarantine' || dialog === 'release'}
        title={dialog === 'release' ? `Release ${lot.code}` : `Quarantine ${lot.code}`}
        confirmLabel={dialog === 'release' ? 'Release' : 'Quarantine'}
        color={dialog === 'release' ? 'green' : 'orange'}
        loading={action.isPending}
        error={action.error}
        onClose={close}
        onConfirm={(reason) => {
          const kind = dialog === 'release' ? 'release' : 'quarantine';
          run({ kind, reason }, `${lot.code} ${kind === 'release' ? 'released' : 'quarantined'}.`);
        }}
      >
        {dialog === 'release'
          ? 'The lot becomes available again.'
          : 'A quarantined lot cannot be used or dispatched.'}
      </ReasonDialog>
      <AdjustDialog
        opened={dialog === 'adjust'}
        lotCode={lot.code}
        loading={action.isPending}
        error={action.error}
        onClose={close}
        onAdjust={(qtyKg, reason) =>
          run({ kind: 'adjust', qtyKg, reason }, `${lot.code} adjusted by ${qtyKg} kg.`)
        }
      />
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

/** Where the lot came from, as links: the delivery and its supplier, or the lot it was split or merged from. */
function LotOrigin({ lot, timeZone }: { lot: LotDetail; timeZone: string }) {
  const { receiveRecord, supplier, sourceLot, productionRecord } = lot.origin;
  if (productionRecord)
    return (
      <>
        Made by{' '}
        <Anchor component={Link} to={`/production-records/${productionRecord.id}`}>
          {productionRecord.number}
        </Anchor>{' '}
        ({formatDateTime(productionRecord.endedAt, timeZone)})
      </>
    );
  if (receiveRecord)
    return (
      <>
        Received on{' '}
        <Anchor component={Link} to={`/receive-records/${receiveRecord.id}`}>
          {receiveRecord.number}
        </Anchor>{' '}
        ({formatDateTime(receiveRecord.receivedAt, timeZone)})
        {supplier && (
          <>
            {' '}
            from{' '}
            <Anchor component={Link} to={`/supplier-ledger/${supplier.id}`}>
              {supplier.name}
            </Anchor>
          </>
        )}
      </>
    );
  if (sourceLot)
    return (
      <>
        {lot.originType === 'merge' ? 'Merged, first from' : 'Split from'}{' '}
        <Anchor component={Link} to={`/batch-management/${sourceLot.id}`}>
          {sourceLot.code}
        </Anchor>
      </>
    );
  return <>{lot.originType.replaceAll('_', ' ')}</>;
}
