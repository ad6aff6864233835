import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { formatKg, formatUnits, parseUnits, splitBodySchema } from '@plastrace/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';

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

/** The route's limit of parts in one split (splitBodySchema). */
const MAX_PARTS = 20;

/** A part's grams; null while it is not a weight (a refused part may not even be text). */
const partUnits = (part: unknown) => (typeof part === 'string' ? parseUnits(part, 3) : null);

/** The grams split off: the parts that are weights above 0 (the others are refused on their own). */
const splitOff = (parts: unknown[]) =>
  parts.reduce<bigint>((sum, p) => {
    const units = partUnits(p);
    return units !== null && units > 0n ? sum + units : sum;
  }, 0n);

/**
 * The split route's body (splitBodySchema), with what the server refuses past it said before sending:
 * a part of 0 kg (in its words), and parts that would leave nothing in the lot.
 */
const splitFormSchema = (qtyKg: string) =>
  splitBodySchema.superRefine(
    ({ parts_kg: parts }, ctx) => {
      parts.forEach((p, i) => {
        if (partUnits(p) === 0n)
          ctx.addIssue({ code: 'custom', path: ['parts_kg', i], message: 'Each part must be above 0 kg' });
      });
      if (splitOff(parts) >= (parseUnits(qtyKg, 3) ?? 0n))
        ctx.addIssue({
          code: 'custom',
          path: ['parts_kg'],
          message: `The parts must add up to less than ${formatKg(qtyKg)}`,
        });
    },
    // Also while a part is refused on its own, so every message shows at once.
    { when: () => true },
  );

let partSeq = 0;

/** Splits parts off a lot: each part becomes a new lot; what is left stays in this one. */
export function SplitDialog({ opened, lotCode, qtyKg, loading, error, onSplit, onClose }: SplitDialogProps) {
  const schema = useMemo(() => splitFormSchema(qtyKg), [qtyKg]);
  const form = useSchemaForm(schema, { parts_kg: [''] });
  // React keys of the parts, beside the values, which are the wire's list of weights.
  const [keys, setKeys] = useState(() => [++partSeq]);
  const parts = form.getValues().parts_kg;
  const remaining = formatUnits((parseUnits(qtyKg, 3) ?? 0n) - splitOff(parts), 3);
  const total = form.errors.parts_kg;
  // The caller runs the request: its refusal of a part goes under that part, anything else above.
  const fieldLevel = Object.keys(useDialogFormErrors(form, opened, error)).length > 0;

  // Closed by its caller (after success), the parts start again from one.
  useEffect(() => {
    if (!opened) setKeys([++partSeq]);
  }, [opened]);

  const close = () => {
    form.reset();
    setKeys([++partSeq]);
    onClose();
  };
  const addPart = () => {
    form.insertListItem('parts_kg', '');
    setKeys((all) => [...all, ++partSeq]);
  };
  const removePart = (i: number) => {
    form.removeListItem('parts_kg', i);
    form.clearFieldError('parts_kg');
    setKeys((all) => all.filter((_, j) => j !== i));
  };
  const submit = form.onSubmit((values) => onSplit(schema.parse(values).parts_kg));

  return (
    <Modal opened={opened} onClose={close} title={`Split ${lotCode}`} centered>
      <form onSubmit={submit} noValidate aria-label={`Split ${lotCode}`}>
        <Stack gap="sm">
          <Text size="sm">Balance {formatKg(qtyKg)}. Each part becomes a new lot of the same material.</Text>
          {!fieldLevel && <ActionError error={error} />}
          {parts.map((_, i) => {
            const input = form.getInputProps(`parts_kg.${i}`);
            return (
              <Group key={keys[i]} align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  label={`Part ${i + 1} (kg)`}
                  inputMode="decimal"
                  style={{ flex: 1 }}
                  {...input}
                  onChange={(e) => {
                    input.onChange(e);
                    // Any part changes the total the lot must keep above.
                    form.clearFieldError('parts_kg');
                  }}
                />
                {parts.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={input.error ? 22 : 4}
                    aria-label={`Remove part ${i + 1}`}
                    onClick={() => removePart(i)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={parts.length >= MAX_PARTS}
              onClick={addPart}
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
