import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { formatKg, formatPhp, formatPhpPerKg } from '@plastrace/shared';
import { useState } from 'react';
import { ActionError } from '../../components/common/QueryError.tsx';
import { LotPicker, type PickedLot } from '../../components/lots/LotPicker.tsx';
import { useFacilityOptions, useMaterialOptions } from '../receive-records/api.ts';
import { type Identification, type Target, useConfirm, useDraftReceipts, useValue } from './api.ts';

/** A person confirms the material onto a lot (reclassified through the ledger) or a draft receive line. */
export function ConfirmForm({ identification }: { identification: Identification }) {
  const [kind, setKind] = useState<'lot' | 'line'>('lot');
  const [facilityId, setFacilityId] = useState('');
  const [lot, setLot] = useState<PickedLot | null>(null);
  const [recordId, setRecordId] = useState('');
  const [lineId, setLineId] = useState('');
  const materials = useMaterialOptions();
  const facilities = useFacilityOptions(kind === 'lot');
  const drafts = useDraftReceipts(kind === 'line');
  const best = identification.bestPolymer;
  const suggested = materials.data?.items.find((m) => m.polymer === best)?.id ?? '';
  const [materialId, setMaterialId] = useState('');
  const material = materialId || suggested;
  const target: Target | null =
    kind === 'lot' ? (lot ? { lotId: lot.id } : null) : lineId ? { receiveLineId: lineId } : null;
  const value = useValue(material, target);
  const confirm = useConfirm();
  const record = drafts.data?.items.find((r) => r.id === recordId);

  return (
    <Stack gap="sm" component="section" aria-label="Confirm the material">
      <Text fw={600}>Confirm the material</Text>
      <SegmentedControl
        aria-label="Confirm into"
        value={kind}
        onChange={(v) => setKind(v as 'lot' | 'line')}
        data={[
          { value: 'lot', label: 'A lot' },
          { value: 'line', label: 'A receive line (draft)' },
        ]}
      />
      <Select
        label="Material"
        searchable
        data={(materials.data?.items ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))}
        value={material || null}
        onChange={(v) => setMaterialId(v ?? '')}
        description={best ? `Suggested from the match: ${best}` : 'No match: choose what a person confirmed'}
      />
      {kind === 'lot' ? (
        <>
          <Select
            label="Facility"
            data={(facilities.data?.items ?? []).map((f) => ({
              value: f.id,
              label: `${f.name} (${f.code})`,
            }))}
            value={facilityId || null}
            onChange={(v) => {
              setFacilityId(v ?? '');
              setLot(null);
            }}
          />
          <LotPicker label="Lot" facilityId={facilityId} value={lot} onChange={setLot} />
        </>
      ) : (
        <>
          <Select
            label="Draft receive record"
            placeholder={drafts.isPending ? 'Loading…' : 'Choose a draft'}
            nothingFoundMessage="No draft receive records"
            data={(drafts.data?.items ?? []).map((r) => ({
              value: r.id,
              label: `${r.number} · ${r.supplier.name}`,
            }))}
            value={recordId || null}
            onChange={(v) => {
              setRecordId(v ?? '');
              setLineId('');
            }}
          />
          <Select
            label="Line"
            disabled={!record}
            data={(record?.lines ?? []).map((l) => ({
              value: l.id,
              label: `Line ${l.lineNo}: ${l.material.name}, ${formatKg(l.payableKg)}`,
            }))}
            value={lineId || null}
            onChange={(v) => setLineId(v ?? '')}
          />
        </>
      )}
      {value.data && (
        <Text size="sm" role="status">
          {value.data.valuePhp
            ? `Value: ${formatKg(value.data.qtyKg)} × ${formatPhpPerKg(value.data.unitPrice ?? '0')} = ${formatPhp(value.data.valuePhp)} (PHP)`
            : `${formatKg(value.data.qtyKg)}; no value: ${value.data.priceNote}`}
        </Text>
      )}
      {kind === 'lot' && lot && material && lot.material.id !== material && (
        <Text size="sm" c="dimmed">
          The lot is {lot.material.name}: its whole balance moves into a new lot of the confirmed material.
        </Text>
      )}
      <ActionError error={confirm.error} onClose={() => confirm.reset()} />
      <Group>
        <Button
          disabled={!material || !target}
          loading={confirm.isPending}
          onClick={() =>
            target &&
            confirm.mutate({
              id: identification.id,
              materialId: material,
              version: identification.version,
              ...target,
            })
          }
        >
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}
