import { Card, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useDeferredValue } from 'react';

/** Under 600 px wide (a phone at the weighbridge) lists are cards, not a table to scroll sideways. */
export const PHONE_QUERY = '(max-width: 600px)';

/** Whether the screen is a phone's; known at the first render, so a list does not flash as a table. */
export const usePhone = () => useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });

const NO_ITEMS: never[] = [];
/** Up to this many cards render with the data; a longer list renders in slices just after. */
const CARDS_AT_ONCE = 20;

/**
 * A list as cards, one per row, named like the table it replaces on a phone. Each card shows what
 * matters first (the caller's `children`): the record's number and status, who, how much, when.
 */
export function CardList<T>({
  label,
  items,
  keyOf,
  children,
}: {
  label: string;
  items: T[];
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  // A long list's cards render just after the page around them, in a render React splits into short
  // slices: fifty cards drawn with the data that brought them were one long task on a phone (Lighthouse's
  // blocking time). A few cards cost little and show at once.
  const deferred = useDeferredValue<T[]>(items, NO_ITEMS);
  const shown = items.length > CARDS_AT_ONCE ? deferred : items;
  return (
    <Stack gap="xs" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {shown.map((item) => (
        <Card key={keyOf(item)} component="li" withBorder padding="sm" radius="md">
          {children(item)}
        </Card>
      ))}
    </Stack>
  );
}
