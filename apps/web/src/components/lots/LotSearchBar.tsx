import { Button, Text, TextInput } from '@mantine/core';
import { IconQrcode, IconSearch } from '@tabler/icons-react';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { FilterBar } from '../common/PageHeader.tsx';

const ScanDialog = lazy(async () => ({ default: (await import('./ScanDialog.tsx')).ScanDialog }));

const canScan = () => typeof window !== 'undefined' && 'BarcodeDetector' in window;

interface LotSearchBarProps {
  /** The bar's accessible name. */
  label: string;
  submitLabel: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  onSubmit: (event: FormEvent) => void;
  /** A lot label read by the camera: the lot's id. */
  onScanned: (lotId: string) => void;
  /** Where the field sits in the bar's grid. */
  span: string;
  /** More fields after the code's. */
  children?: ReactNode;
}

/**
 * "Lot code or record id", with Scan where the browser reads QR codes (a lot label's code holds its
 * /verify link): what the traceability page and the record passport look things up by.
 */
export function LotSearchBar({
  label,
  submitLabel,
  placeholder,
  value,
  onChange,
  problem,
  onSubmit,
  onScanned,
  span,
  children,
}: LotSearchBarProps) {
  const [scanning, setScanning] = useState(false);
  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <FilterBar
          label={label}
          actions={
            <>
              {canScan() && (
                <Button
                  variant="default"
                  leftSection={<IconQrcode size={16} aria-hidden />}
                  onClick={() => setScanning(true)}
                >
                  Scan
                </Button>
              )}
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                {submitLabel}
              </Button>
            </>
          }
        >
          <TextInput
            label="Lot code or record id"
            placeholder={placeholder}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            error={problem}
            autoComplete="off"
            spellCheck={false}
            style={{ gridColumn: span }}
          />
          {children}
        </FilterBar>
      </form>
      {scanning && (
        <Suspense fallback={<Text size="sm">Opening the camera…</Text>}>
          <ScanDialog
            onClose={() => setScanning(false)}
            onLot={(id) => {
              setScanning(false);
              onScanned(id);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
