import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { formatKg, formatUnits, parseUnits, sumDecimals } from '@plastrace/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';

interface SplitDialogProps {
  opened: boolean;
  lotCode: string;
  /** The lot's balance in kg. */
  qtyKg: string;
  loading: boolean;
  error: unknown;
  onSplit: (partsKg: string[]) => void;
  onClose: () => void;
}

const KG = /^\d+(\.\d{1,3})?$/;
let partSeq = 0;
const newPart = () => ({ key: ++partSeq, kg: '' });

/** Splits parts off a lot: each part becomes a new lot; what is left stays in this one. */
export function SplitDialog({ opened, lotCode, qtyKg, loading, error, onSplit, onClose }: SplitDialogProps) {
  const [parts, setParts] = useState(() => [newPart()]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [total, setTotal] = useState<string | null>(null);
  const balance = parseUnits(qtyKg, 3) ?? 0n;
  const splitOff = sumDecimals(
    parts.map((p) => p.kg).filter((p) => KG.test(p.trim())),
    3,
  );
  const remaining = formatUnits(balance - (parseUnits(splitOff, 3) ?? 0n), 3);

  const close = () => {
    setParts([newPart()]);
    setErrors({});
    setTotal(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<number, string> = {};
    parts.forEach(({ kg: p }, i) => {
      if (!KG.test(p.trim()) || (parseUnits(p, 3) ?? 0n) <= 0n)
        found[i] = 'A weight above 0 with up to 3 decimals';
    });
    setErrors(found);
    const tooMuch = (parseUnits(remaining, 3) ?? 0n) <= 0n;
    setTotal(tooMuch ? `The parts must add up to less than ${formatKg(qtyKg)}` : null);
    if (Object.keys(found).length > 0 || tooMuch) return;
    onSplit(parts.map((p) => p.kg.trim()));
  };
  const serverFields = fieldErrorsOf(error);

  return (
    <Modal opened={opened} onClose={close} title={`Split ${lotCode}`} centered>
      <form onSubmit={submit} noValidate aria-label={`Split ${lotCode}`}>
        <Stack gap="sm">
          <Text size="sm">Balance {formatKg(qtyKg)}. Each part becomes a new lot of the same material.</Text>
          <ActionError error={error} />
          {parts.map((part, i) => (
            <Group key={part.key} align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={`Part ${i + 1} (kg)`}
                inputMode="decimal"
                style={{ flex: 1 }}
                value={part.kg}
                error={errors[i] ?? serverFields[`partsKg.${i}`]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setTotal(null);
                  setParts((all) => all.map((p, j) => (j === i ? { ...p, kg: value } : p)));
                }}
              />
              {parts.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={errors[i] ? 22 : 4}
                  aria-label={`Remove part ${i + 1}`}
                  onClick={() => setParts((all) => all.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={parts.length >= 20}
              onClick={() => setParts((all) => [...all, newPart()])}
            >
              Add part
            </Button>
          </Group>
          <Text size="sm" data-testid="split-remaining" c={total ? 'red' : undefined}>
            {total ?? `Left in ${lotCode}: ${formatKg(remaining)}`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Split
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
