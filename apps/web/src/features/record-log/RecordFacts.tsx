import { Badge, Group, Table, Text } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { humanize } from '../catalog/formModel.ts';
import { CertificateFacts, certificateFactsOf } from './CertificateFacts.tsx';
import { CreditBatchFacts, creditBatchFactsOf } from './CreditBatchFacts.tsx';
import { DataItems, DataItem as Item } from './DataItems.tsx';
import { EcarFacts, ecarFactsOf } from './EcarFacts.tsx';
import {
  type DispatchRecordFacts,
  factsOf,
  type LotFacts,
  type PassportFacts,
  type ProductionRecordFacts,
  type ReceiveRecordFacts,
} from './facts.ts';

/** What the logged snapshot says, in people's words: the names it carries, never its ids. */
export function RecordFacts({ snapshot, timeZone }: { snapshot: unknown; timeZone: string }) {
  const certificate = certificateFactsOf(snapshot);
  if (certificate) return <CertificateFacts c={certificate} timeZone={timeZone} />;
  const creditBatch = creditBatchFactsOf(snapshot);
  if (creditBatch) return <CreditBatchFacts b={creditBatch} timeZone={timeZone} />;
  const ecar = ecarFactsOf(snapshot);
  if (ecar) return <EcarFacts r={ecar} timeZone={timeZone} />;
  const facts = factsOf(snapshot);
  switch (facts.kind) {
    case 'receive_record':
      return <ReceiveRecordFactsList r={facts.facts} timeZone={timeZone} />;
    case 'lot':
      return <LotFactsList lot={facts.facts} timeZone={timeZone} />;
    case 'production_record':
      return <ProductionFactsList r={facts.facts} timeZone={timeZone} />;
    case 'dispatch_record':
      return <DispatchFactsList r={facts.facts} timeZone={timeZone} />;
    case 'passport':
      return <PassportFactsList p={facts.facts} timeZone={timeZone} />;
    default:
      return (
        <Text size="sm" c="dimmed">
          The logged snapshot is in the technical details below.
        </Text>
      );
  }
}

const STATUS_COLOR: Record<string, string> = { draft: 'gray', posted: 'green', voided: 'red' };

function Status({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Item label="Status">
      <Badge variant="light" color={STATUS_COLOR[status] ?? 'gray'} tt="none">
        {humanize(status)}
      </Badge>
    </Item>
  );
}

/** A time, when the snapshot has it. */
function When({ label, at, timeZone }: { label: string; at: string | null | undefined; timeZone: string }) {
  return at ? <Item label={label}>{formatDateTime(at, timeZone)}</Item> : null;
}

type Labels = ReceiveRecordFacts['labels'];
const materialOf = (labels: Labels, id: string | null | undefined) => (id && labels?.materials?.[id]) || '—';

function Where({ labels }: { labels: Labels }) {
  return (
    <>
      {labels?.organization && <Item label="Recorded by">{labels.organization}</Item>}
      {labels?.facility && <Item label="Facility">{labels.facility}</Item>}
    </>
  );
}

function ReceiveRecordFactsList({ r, timeZone }: { r: ReceiveRecordFacts; timeZone: string }) {
  return (
    <>
      <DataItems label="What the record says">
        <Item label="Receive record">
          <Text ff="monospace">{r.number ?? '—'}</Text>
        </Item>
        <Status status={r.status} />
        <Where labels={r.labels} />
        {r.labels?.supplier_type && <Item label="Supplier type">{humanize(r.labels.supplier_type)}</Item>}
        <When label="Received" at={r.received_at} timeZone={timeZone} />
        <When label="Posted" at={r.posted_at} timeZone={timeZone} />
        <When label="Voided" at={r.voided_at} timeZone={timeZone} />
        <Item label="Total net weight">{formatKg(r.total_net_kg)}</Item>
      </DataItems>
      <FactTable
        label="Lines of the record"
        columns={['Material', 'Net weight', 'Lot']}
        rows={r.lines.map((l) => [
          materialOf(r.labels, l.material_id),
          formatKg(l.net_kg),
          l.lot_code ?? '—',
        ])}
      />
    </>
  );
}

function ProductionFactsList({ r, timeZone }: { r: ProductionRecordFacts; timeZone: string }) {
  return (
    <>
      <DataItems label="What the record says">
        <Item label="Production record">
          <Text ff="monospace">{r.number ?? '—'}</Text>
        </Item>
        <Status status={r.status} />
        {r.process && <Item label="Process">{humanize(r.process)}</Item>}
        <Where labels={r.labels} />
        <When label="Started" at={r.started_at} timeZone={timeZone} />
        <When label="Ended" at={r.ended_at} timeZone={timeZone} />
        <When label="Posted" at={r.posted_at} timeZone={timeZone} />
        <When label="Voided" at={r.voided_at} timeZone={timeZone} />
      </DataItems>
      <FactTable
        label="Inputs of the run"
        columns={['Lot', 'Weight']}
        rows={r.inputs.map((i) => [i.lot_code ?? '—', formatKg(i.kg)])}
      />
      <FactTable
        label="Outputs of the run"
        columns={['Material', 'Weight', 'Lot']}
        rows={r.outputs.map((o) => [materialOf(r.labels, o.material_id), formatKg(o.kg), o.lot_code ?? '—'])}
      />
      <FactTable
        label="Losses of the run"
        columns={['Loss', 'Weight', 'Fate']}
        rows={r.losses.map((l) => [humanize(l.kind ?? '—'), formatKg(l.kg), humanize(l.fate ?? '—')])}
      />
    </>
  );
}

function DispatchFactsList({ r, timeZone }: { r: DispatchRecordFacts; timeZone: string }) {
  return (
    <>
      <DataItems label="What the record says">
        <Item label="Dispatch record">
          <Text ff="monospace">{r.number ?? '—'}</Text>
        </Item>
        {r.delivery_receipt_no && (
          <Item label="Delivery receipt">
            <Text ff="monospace">{r.delivery_receipt_no}</Text>
          </Item>
        )}
        <Status status={r.status} />
        <Where labels={r.labels} />
        {r.labels?.customer_type && <Item label="Customer type">{humanize(r.labels.customer_type)}</Item>}
        <When label="Dispatched" at={r.dispatched_at} timeZone={timeZone} />
        <When label="Posted" at={r.posted_at} timeZone={timeZone} />
        <When label="Voided" at={r.voided_at} timeZone={timeZone} />
        <Item label="Weight shipped">{formatKg(r.total_kg)}</Item>
        {r.delivered_at && (
          <Item label="Delivered">
            {`${formatDateTime(r.delivered_at, timeZone)}${r.received_kg ? `, ${formatKg(r.received_kg)} received` : ''}`}
          </Item>
        )}
        {r.discrepancy_kg && r.discrepancy_kg !== '0.000' && (
          <Item label="Discrepancy">
            {`${formatKg(r.discrepancy_kg)}${r.discrepancy_status ? ` (${humanize(r.discrepancy_status)})` : ''}`}
          </Item>
        )}
        {r.seal_numbers && r.seal_numbers.length > 0 && (
          <Item label="Seals">{r.seal_numbers.join(', ')}</Item>
        )}
      </DataItems>
      <FactTable
        label="Lots dispatched"
        columns={['Lot', 'Weight']}
        rows={r.lines.map((l) => [l.lot_code ?? '—', formatKg(l.kg)])}
      />
    </>
  );
}

function LotFactsList({ lot, timeZone }: { lot: LotFacts; timeZone: string }) {
  const origin = lot.origin;
  return (
    <DataItems label="What the record says">
      <Item label="Lot code">
        <Text ff="monospace">{lot.code ?? '—'}</Text>
      </Item>
      {lot.labels?.material && <Item label="Material">{lot.labels.material}</Item>}
      <Item label="Weight at creation">{formatKg(lot.initial_kg)}</Item>
      <Where labels={lot.labels} />
      <When label="Created" at={lot.created_at} timeZone={timeZone} />
      {origin && (
        <Item label="Made by">
          {origin.number
            ? `${humanize(origin.type ?? 'record')} ${origin.number}`
            : humanize(origin.type ?? 'unknown')}
        </Item>
      )}
    </DataItems>
  );
}

/** A published product passport: which lot, which version, and the digest of what it said. */
function PassportFactsList({ p, timeZone }: { p: PassportFacts; timeZone: string }) {
  return (
    <DataItems label="What the record says">
      <Item label="Product passport of lot">
        <Text ff="monospace">{p.lot_code ?? '—'}</Text>
      </Item>
      <Item label="Version">{p.version ?? '—'}</Item>
      <Where labels={p.labels} />
      <When label="Published" at={p.published_at} timeZone={timeZone} />
      <Item label="Content SHA-256">
        <Text ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
          {p.content_sha256 ?? '—'}
        </Text>
      </Item>
    </DataItems>
  );
}

/**
 * The snapshot's lines: a table, or cards on a phone (the first column as the card's title, the weight —
 * the second column — on its right, the rest below). Nothing when there are no lines.
 */
function FactTable({ label, columns, rows }: { label: string; columns: string[]; rows: string[][] }) {
  const phone = usePhone();
  if (rows.length === 0) return null;
  const keyed = rows.map((cells, i) => ({ key: String(i), cells }));
  if (phone)
    return (
      <CardList label={label} items={keyed} keyOf={(r) => r.key}>
        {({ cells }) => (
          <>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {cells[0]}
              </Text>
              <Text size="sm">{cells[1]}</Text>
            </Group>
            {cells.length > 2 && (
              <Text size="xs" c="dimmed">
                {cells.slice(2).join(' · ')}
              </Text>
            )}
          </>
        )}
      </CardList>
    );
  return (
    <Table aria-label={label} verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (
            <Table.Th key={c} ta={i === 1 ? 'right' : undefined}>
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keyed.map(({ key, cells }) => (
          <Table.Tr key={key}>
            {cells.map((cell, i) => (
              <Table.Td key={columns[i]} ta={i === 1 ? 'right' : undefined}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
