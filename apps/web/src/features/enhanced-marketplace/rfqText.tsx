import { Badge } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import type { ReceivedRfq, Rfq } from './api.ts';
import { RFQ_STATUS_COLORS, RFQ_STATUS_LABELS } from './labels.ts';

/** What a request asks for, in one line. */
export const what = (r: Rfq | ReceivedRfq) =>
  `${formatKg(r.quantityKg)} ${[r.polymer, r.form].filter(Boolean).join(' ')}${r.grade ? `, grade ${r.grade}` : ''}${
    r.targetPrice ? `, target ${formatPhp(r.targetPrice)}/kg` : ''
  }`;

/** A request's status as a badge. */
export const status = (r: Rfq | ReceivedRfq) => (
  <Badge color={RFQ_STATUS_COLORS[r.status]} variant="light">
    {RFQ_STATUS_LABELS[r.status]}
  </Badge>
);
