import { Badge } from '@mantine/core';
import { PRICE_KIND_LABELS, type PriceKind } from '@plastrace/shared';

/** Buying (paid to suppliers) or selling (asked of customers), told apart by colour and word. */
export const PRICE_KIND_COLOR: Record<PriceKind, string> = { buying: 'teal', selling: 'grape' };

export function PriceKindBadge({ kind }: { kind: PriceKind }) {
  return (
    <Badge variant="light" color={PRICE_KIND_COLOR[kind]} tt="none">
      {PRICE_KIND_LABELS[kind]}
    </Badge>
  );
}
