import { Badge, Text } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { z } from 'zod';
import { formatDateTime } from '../../components/common/format.ts';
import { CertificateLinesTable } from '../waste-diversion-certificate/LinesTable.tsx';
import { DataItems, DataItem as Item } from './DataItems.tsx';

// A logged waste diversion certificate (log_certificate_snapshot, migration 0027): version 1 as issued,
// version 2 its revocation. Read defensively like every snapshot (facts.ts): what is not in form is
// not shown.

const text = z.string().nullish().catch(null);
const line = z.object({ name: text, material_type: text, fate: text, kg: text });

const certificateSnapshot = z.object({
  type: z.literal('certificate'),
  id: z.string(),
  number: text,
  client_name: text,
  client_type: text,
  period_from: text,
  period_to: text,
  total_kg: z.union([z.string(), z.number()]).nullish().catch(null),
  issued_at: text,
  revoked_at: text,
  revoke_reason: text,
  lines: z
    .array(z.unknown())
    .catch([])
    .transform((rows) => rows.flatMap((r) => line.safeParse(r).data ?? [])),
  labels: z.object({ organization: text }).partial().nullish().catch(null),
});
export type CertificateSnapshot = z.infer<typeof certificateSnapshot>;

/** The snapshot's facts when it is a certificate's, else null. */
export const certificateFactsOf = (snapshot: unknown): CertificateSnapshot | null =>
  certificateSnapshot.safeParse(snapshot).data ?? null;

const words = (s: string | null | undefined) => (s ? s.replaceAll('_', ' ') : '—');

export function CertificateFacts({ c, timeZone }: { c: CertificateSnapshot; timeZone: string }) {
  return (
    <>
      <DataItems label="What the record says">
        <Item label="Diversion certificate">
          <Text ff="monospace">{c.number ?? '—'}</Text>
        </Item>
        <Item label="Status">
          <Badge variant="light" color={c.revoked_at ? 'red' : 'green'} tt="none">
            {c.revoked_at ? 'Revoked' : 'Issued'}
          </Badge>
        </Item>
        {c.labels?.organization && <Item label="Issued by">{c.labels.organization}</Item>}
        <Item label="Issued to">{`${c.client_name ?? '—'} (${words(c.client_type)})`}</Item>
        <Item label="Period">{`${c.period_from ?? '—'} to ${c.period_to ?? '—'}`}</Item>
        <Item label="Total">{formatKg(c.total_kg)}</Item>
        {c.issued_at && <Item label="Issued">{formatDateTime(c.issued_at, timeZone)}</Item>}
        {c.revoked_at && (
          <Item label="Revoked">{`${formatDateTime(c.revoked_at, timeZone)}: ${c.revoke_reason ?? ''}`}</Item>
        )}
      </DataItems>
      {c.lines.length > 0 && (
        <CertificateLinesTable
          lines={c.lines.map((l) => ({
            key: `${l.material_type}/${l.fate}`,
            material: l.name ?? l.material_type ?? '—',
            fate: words(l.fate),
            kg: l.kg,
          }))}
        />
      )}
    </>
  );
}
