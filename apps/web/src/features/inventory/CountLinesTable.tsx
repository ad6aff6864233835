import { Anchor, Table, Text, TextInput } from '@mantine/core';
import { formatKg, formatPhp, formatUnits, parseUnits } from '@plastrace/shared';
import { type KeyboardEvent, useRef } from 'react';
import { Link } from 'react-router';
import type { StockCountLine } from './stockCounts.api.ts';

export const COUNTED_KG = /^\d+(\.\d{1,3})?$/;

interface CountLinesTableProps {
  lines: StockCountLine[];
  /** Counts typed but not saved yet, by lot id. */
  drafts: Record<string, string>;
  /** Null when the count can no longer change or the member may not count. */
  onDraft: ((lotId: string, value: string) => void) | null;
}

/** The difference a typed count would make, exact, before it is saved (its value comes back on save). */
function draftDifference(line: StockCountLine, draft: string): string | null {
  const counted = COUNTED_KG.test(draft.trim()) ? parseUnits(draft, 3) : null;
  const book = parseUnits(line.bookKg, 3);
  return counted === null || book === null ? null : formatUnits(counted - book, 3);
}

const signed = (kg: string | null) =>
  kg && !kg.startsWith('-') && Number(kg) !== 0 ? `+${formatKg(kg)}` : formatKg(kg);
const tone = (value: string | null) =>
  !value || Number(value) === 0 ? undefined : Number(value) < 0 ? 'red' : 'teal';

/**
 * The count sheet. Counted kg inputs are one column: Enter or ↓ goes to the next lot, ↑ to the one
 * before, so a counter can type down the sheet without the mouse.
 */
export function CountLinesTable({ lines, drafts, onDraft }: CountLinesTableProps) {
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const move = (from: number, by: number) => {
    const next = inputs.current.get(from + by);
    if (next) {
      next.focus();
      next.select();
    }
  };
  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === 'ArrowDown') {
      e.preventDefault();
      move(index, 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(index, -1);
    }
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing={4} aria-label="Count sheet">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lot</Table.Th>
            <Table.Th>Material</Table.Th>
            <Table.Th ta="right">Book</Table.Th>
            <Table.Th ta="right" w={150}>
              Counted (kg)
            </Table.Th>
            <Table.Th ta="right">Difference</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => {
            const draft = drafts[line.lot.id];
            const editing = draft !== undefined;
            const invalid = editing && draft.trim() !== '' && !COUNTED_KG.test(draft.trim());
            const difference = editing
              ? draft.trim()
                ? draftDifference(line, draft)
                : null
              : line.differenceKg;
            return (
              <Table.Tr key={line.lot.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/batch-management/${line.lot.id}`} size="sm" ff="monospace">
                    {line.lot.code}
                  </Anchor>
                </Table.Td>
                <Table.Td>{line.material.name}</Table.Td>
                <Table.Td ta="right">{formatKg(line.bookKg)}</Table.Td>
                <Table.Td ta="right">
                  {onDraft ? (
                    <TextInput
                      size="xs"
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={`Counted kg of ${line.lot.code}`}
                      ref={(el) => {
                        if (el) inputs.current.set(index, el);
                        else inputs.current.delete(index);
                      }}
                      value={editing ? draft : (line.countedKg ?? '')}
                      placeholder="Not counted"
                      error={invalid ? 'kg, up to 3 decimals' : undefined}
                      styles={{ input: { textAlign: 'right' } }}
                      onChange={(e) => onDraft(line.lot.id, e.currentTarget.value)}
                      onKeyDown={onKeyDown(index)}
                      onFocus={(e) => e.currentTarget.select()}
                    />
                  ) : (
                    formatKg(line.countedKg)
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c={tone(difference)}>
                    {signed(difference)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {editing ? (
                    <Text size="xs" c="dimmed">
                      unsaved
                    </Text>
                  ) : (
                    <Text size="sm" c={tone(line.differenceValuePhp)}>
                      {formatPhp(line.differenceValuePhp)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
