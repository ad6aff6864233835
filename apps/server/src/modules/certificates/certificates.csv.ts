import { type Certificate, DIVERSION_FATE_LABELS } from '@plastrace/shared';
import type { CsvColumn } from '../../lib/listing.ts';

/** One row per certificate; its lines in one cell ("PET_BOTTLES_CLEAR recycling 100.000; …"). */
export const CERTIFICATE_CSV: CsvColumn<Certificate>[] = [
  ['number', (c) => c.number],
  ['status', (c) => c.status],
  ['client_name', (c) => c.client_name],
  ['client_type', (c) => c.client_type],
  ['period_from', (c) => c.period_from],
  ['period_to', (c) => c.period_to],
  ['total_kg', (c) => c.total_kg],
  [
    'lines',
    (c) =>
      c.lines
        .map((l) => `${l.material_type} ${DIVERSION_FATE_LABELS[l.fate].toLowerCase()} ${l.kg}`)
        .join('; '),
  ],
  ['signatory_name', (c) => c.signatory_name],
  ['signatory_title', (c) => c.signatory_title],
  ['issued_at', (c) => c.issued_at],
  ['issued_by', (c) => c.issued_by.name],
  ['revoked_at', (c) => c.revoked_at],
  ['revoke_reason', (c) => c.revoke_reason],
];
