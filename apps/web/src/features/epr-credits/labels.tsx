import { Badge } from '@mantine/core';
import {
  CREDIT_FATE_LABELS,
  CREDIT_STATUS_LABELS,
  type CreditFate,
  type CreditStatus,
  formatCount,
} from '@plastrace/shared';
import { humanize } from '../catalog/formModel.ts';

// How credits are named on every page: co-processing always says it is not recycling, a state is a
// word (its colour only repeats it).

export const fateLabel = (fate: string) => CREDIT_FATE_LABELS[fate as CreditFate] ?? humanize(fate);

/** 'PET_BOTTLES_CLEAR' → 'PET bottles clear'; a mixed or unclassified batch says so. */
export function materialTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Unclassified';
  if (type === 'mixed') return 'Mixed material types';
  const [polymer = '', ...rest] = type.split('_');
  return [polymer, ...rest.map((w) => w.toLowerCase())].join(' ');
}

const STATUS_COLOR: Record<CreditStatus, string> = { issued: 'blue', transferred: 'grape', retired: 'gray' };

export function CreditStatusBadge({ status }: { status: CreditStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} tt="none">
      {CREDIT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** '1 credit', '12 credits'. */
export const creditsText = (n: number) => `${formatCount(n)} credit${n === 1 ? '' : 's'}`;

/** The first and last serial of a range, or the one serial. */
export const serialRange = (first: string, last: string) => (first === last ? first : `${first} – ${last}`);
