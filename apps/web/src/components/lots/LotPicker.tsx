import { ActionIcon, Group, Select, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatKg, formatUnits, toUnits } from '@plastrace/shared';
import { IconQrcode } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { api } from '../../api/client.ts';
import type { Lot } from '../../features/lots/api.ts';
import type { Page } from '../../features/team/api.ts';

const ScanDialog = lazy(async () => ({ default: (await import('./ScanDialog.tsx')).ScanDialog }));

export interface PickedLot {
  id: string;
  code: string;
  material: { id: string; name: string };
  qtyKg: string;
  /** Kg held for marketplace listings and deals; absent for a lot a saved record's line names. */
  reservedKg?: string;
}

const KG = 3;

/** What of the lot can be used, dispatched or sold: its balance less what the marketplace holds. */
export function availableKg(lot: PickedLot): string {
  if (!lot.reservedKg) return lot.qtyKg;
  const free = toUnits(lot.qtyKg, KG) - toUnits(lot.reservedKg, KG);
  return formatUnits(free > 0n ? free : 0n, KG);
}

/** 'Available 650 kg', naming what the marketplace holds when it holds any. */
export function availableText(lot: PickedLot): string {
  const reserved = lot.reservedKg ? toUnits(lot.reservedKg, KG) : 0n;
  return `Available ${formatKg(availableKg(lot))}${
    reserved > 0n ? ` (${formatKg(lot.reservedKg ?? '0')} reserved on the marketplace)` : ''
  }`;
}

interface LotPickerProps {
  facilityId: string;
  value: PickedLot | null;
  onChange: (lot: PickedLot | null) => void;
  error?: React.ReactNode;
  label: string;
}

/** BarcodeDetector reads QR codes from the camera in Chromium-based browsers (phones and tablets). */
const canScan = () => typeof window !== 'undefined' && 'BarcodeDetector' in window;

/**
 * Finds an available lot at the facility by its code (typed or scanned from its label's QR code), and
 * shows how much of it can be used.
 */
export function LotPicker({ facilityId, value, onChange, error, label }: LotPickerProps) {
  const text = (l: PickedLot) => `${l.code} · ${l.material.name} · ${formatKg(availableKg(l))}`;
  const [search, setSearch] = useState(value ? text(value) : '');
  const [debounced] = useDebouncedValue(search, 250);
  const [scanning, setScanning] = useState(false);
  const query = value && search === text(value) ? '' : debounced.trim();
  const found = useQuery({
    enabled: !!facilityId,
    queryKey: ['lots', 'pick', facilityId, query],
    queryFn: ({ signal }) =>
      api.get<Page<Lot>>('/lots', {
        signal,
        query: { facilityId, status: 'available', q: query || undefined, limit: 20 },
      }),
    staleTime: 10_000,
    // The last answer stays while the next search loads, so a click on an option is never lost.
    placeholderData: keepPreviousData,
  });
  const lots: PickedLot[] = found.data?.items ?? [];
  const options = value && !lots.some((l) => l.id === value.id) ? [value, ...lots] : lots;

  const pickScanned = async (lotId: string) => {
    setScanning(false);
    const lot = await api.get<Lot>(`/lots/${encodeURIComponent(lotId)}`).catch(() => null);
    if (lot) {
      setSearch(text(lot));
      onChange(lot);
    } else setSearch('');
  };

  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <Select
        style={{ flex: 1 }}
        label={label}
        placeholder={facilityId ? 'Lot code' : 'Choose the facility first'}
        disabled={!facilityId}
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        data={options.map((l) => ({ value: l.id, label: text(l) }))}
        filter={({ options: all }) => all}
        value={value?.id ?? null}
        onChange={(id) => onChange(options.find((l) => l.id === id) ?? null)}
        nothingFoundMessage={
          found.isFetching ? 'Searching…' : found.isError ? found.error.message : 'No available lot matches'
        }
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
      {canScan() && facilityId && (
        <Tooltip label="Scan the lot's QR code">
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={`Scan a QR code for ${label}`}
            onClick={() => setScanning(true)}
          >
            <IconQrcode size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {scanning && (
        <Suspense fallback={<Text size="sm">Opening the camera…</Text>}>
          <ScanDialog onClose={() => setScanning(false)} onLot={pickScanned} />
        </Suspense>
      )}
    </Group>
  );
}
