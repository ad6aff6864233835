import { Button, Group, Text } from '@mantine/core';
import { formatKg, MAX_LABELS, sumDecimals } from '@plastrace/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Lot, useMergeLots } from './api.ts';

interface LotSelectionBarProps {
  selected: Lot[];
  /** Whether the member may merge (operators, managers, admins). */
  mayMerge: boolean;
  printing: boolean;
  onPrint: () => void;
  onClear: () => void;
}

/** Why the chosen lots cannot become one, or null when they can. */
export function mergeProblem(lots: Lot[]): string | null {
  const [first] = lots;
  if (!first || lots.length < 2) return 'Choose at least two lots to merge.';
  if (lots.some((l) => l.status !== 'available')) return 'Only available lots can be merged.';
  if (lots.some((l) => l.material.id !== first.material.id || l.facility.id !== first.facility.id))
    return 'Only lots of one material at one facility can be merged.';
  return null;
}

/** What can be done with the chosen lots: print their QR labels, merge them. */
export function LotSelectionBar({ selected, mayMerge, printing, onPrint, onClear }: LotSelectionBarProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const merge = useMergeLots();
  const [confirmMerge, setConfirmMerge] = useState(false);
  const problem = mergeProblem(selected);
  const first = selected[0];
  const tooMany = selected.length > MAX_LABELS;

  return (
    <Group gap="sm" role="toolbar" aria-label="Selected lots">
      <Text size="sm">
        {selected.length} selected ·{' '}
        {formatKg(
          sumDecimals(
            selected.map((l) => l.qtyKg),
            3,
          ),
        )}
      </Text>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPrinter size={14} aria-hidden />}
        loading={printing}
        disabled={tooMany}
        title={tooMany ? `At most ${MAX_LABELS} labels at a time` : undefined}
        onClick={onPrint}
      >
        Print labels (PDF)
      </Button>
      {mayMerge && (
        <Button
          size="xs"
          disabled={problem !== null}
          title={problem ?? undefined}
          onClick={() => setConfirmMerge(true)}
        >
          Merge lots
        </Button>
      )}
      <Button size="xs" variant="subtle" onClick={onClear}>
        Clear selection
      </Button>
      {tooMany && (
        <Text size="xs" c="red">
          At most {MAX_LABELS} labels at a time.
        </Text>
      )}
      <ConfirmDialog
        opened={confirmMerge}
        title={`Merge ${selected.length} lots?`}
        confirmLabel="Merge"
        color="blue"
        loading={merge.isPending}
        error={merge.error}
        onClose={() => {
          merge.reset();
          setConfirmMerge(false);
        }}
        onConfirm={() =>
          merge.mutate(
            selected.map((l) => l.id),
            {
              onSuccess: (lot) => {
                onClear();
                setConfirmMerge(false);
                showToast({ message: `Merged into ${lot.code}.` });
                navigate(`/batch-management/${lot.id}`);
              },
            },
          )
        }
      >
        {selected.map((l) => l.code).join(', ')} become one lot of {first?.material.name} at{' '}
        {first?.facility.name}.
      </ConfirmDialog>
    </Group>
  );
}
