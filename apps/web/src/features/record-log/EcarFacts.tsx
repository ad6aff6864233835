import { Badge, Text } from '@mantine/core';
import { z } from 'zod';
import { formatDateTime } from '../../components/common/format.ts';
import { DataItems, DataItem as Item } from './DataItems.tsx';

// A signed-off EPR Compliance Audit Report (log_ecar_snapshot, migration 0027): its year, version, the
// digest of its frozen content and the auditor's opinion. Read defensively like every snapshot (facts.ts).

const text = z.string().nullish().catch(null);

const ecarSnapshot = z.object({
  type: z.literal('ecar'),
  id: z.string(),
  year: z.number().nullish().catch(null),
  version: z.number().nullish().catch(null),
  status: text,
  content_sha256: text,
  signed_at: text,
  opinion: text,
  labels: z.object({ organization: text }).partial().nullish().catch(null),
});
export type EcarSnapshot = z.infer<typeof ecarSnapshot>;

/** The snapshot's facts when it is an ECAR's, else null. */
export const ecarFactsOf = (snapshot: unknown): EcarSnapshot | null =>
  ecarSnapshot.safeParse(snapshot).data ?? null;

export function EcarFacts({ r, timeZone }: { r: EcarSnapshot; timeZone: string }) {
  return (
    <DataItems label="What the record says">
      <Item label="EPR Compliance Audit Report">{`${r.year ?? '—'}, version ${r.version ?? '—'}`}</Item>
      <Item label="Status">
        <Badge variant="light" color={r.status === 'signed_off' ? 'green' : 'gray'} tt="none">
          {r.status === 'signed_off' ? 'Signed off' : (r.status ?? '—')}
        </Badge>
      </Item>
      {r.labels?.organization && <Item label="Organization">{r.labels.organization}</Item>}
      {r.signed_at && <Item label="Signed off">{formatDateTime(r.signed_at, timeZone)}</Item>}
      {r.opinion && <Item label="Auditor’s opinion">{`“${r.opinion}”`}</Item>}
      <Item label="Content digest (SHA-256)">
        <Text ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }}>
          {r.content_sha256 ?? '—'}
        </Text>
      </Item>
    </DataItems>
  );
}
