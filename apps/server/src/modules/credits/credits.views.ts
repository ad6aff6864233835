import {
  CREDIT_FATE_LABELS,
  CREDIT_STATUS_LABELS,
  type CreditBlock,
  type CreditMovement,
  type creditBatchSummarySchema,
  creditSerial,
  type PublicCredit,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { BatchRow, BlockRow, MovementRow } from './holdings.repo.ts';

// Rows as the API answers them: serials written out, holders named only to members.

export const toBlock = (r: BlockRow): CreditBlock => ({
  id: r.id,
  batch: {
    id: r.batch_id,
    serial_prefix: r.serial_prefix,
    vintage: r.vintage,
    fate: r.fate,
    material_type: r.material_type,
    issuer: { name: r.issuer_name, slug: r.issuer_slug },
  },
  holder: { name: r.holder_name, slug: r.holder_slug },
  first_no: r.first_no,
  last_no: r.last_no,
  first_serial: creditSerial(r.serial_prefix, r.first_no),
  last_serial: creditSerial(r.serial_prefix, r.last_no),
  quantity: r.last_no - r.first_no + 1,
  status: r.status,
  public_status: r.public_status,
  beneficiary: r.beneficiary,
  compliance_year: r.compliance_year,
  purpose: r.purpose,
  retired_at: r.retired_at,
});

/** What anyone may read of a block: no holder, no price, no person. */
export const toPublicCredit = (publicUrl: string, r: BlockRow): PublicCredit => {
  const first = creditSerial(r.serial_prefix, r.first_no);
  return {
    batch_id: r.batch_id,
    first_serial: first,
    last_serial: creditSerial(r.serial_prefix, r.last_no),
    quantity: r.last_no - r.first_no + 1,
    status: r.public_status,
    country: r.country,
    programme: r.programme,
    vintage: r.vintage,
    fate: r.fate,
    material_type: r.material_type,
    coc_model: r.coc_model,
    issuer: { name: r.issuer_name },
    facility_region: r.facility_region,
    issued_at: r.issued_at,
    beneficiary: r.beneficiary,
    compliance_year: r.compliance_year,
    purpose: r.purpose,
    retired_at: r.retired_at,
    verify_url: `${publicUrl}/registry/${first}`,
    log_url: `${publicUrl}/verify/${r.batch_id}`,
  };
};

export function toMovement(orgId: string, r: MovementRow): CreditMovement {
  const direction = r.kind === 'transferred' ? (r.from_organization_id === orgId ? 'out' : 'in') : r.kind;
  return {
    id: r.id,
    kind: r.kind,
    direction,
    batch: { id: r.batch_id, serial_prefix: r.serial_prefix, vintage: r.vintage, fate: r.fate },
    first_serial: creditSerial(r.serial_prefix, r.first_no),
    last_serial: creditSerial(r.serial_prefix, r.last_no),
    quantity: r.last_no - r.first_no + 1,
    from: r.from_name && r.from_slug ? { name: r.from_name, slug: r.from_slug } : null,
    to: { name: r.to_name, slug: r.to_slug },
    beneficiary: r.beneficiary,
    compliance_year: r.compliance_year,
    purpose: r.purpose,
    note: r.note,
    at: r.at,
  };
}

export const toBatchSummary = (orgId: string, r: BatchRow): z.output<typeof creditBatchSummarySchema> => ({
  id: r.id,
  batch_no: r.batch_no,
  serial_prefix: r.serial_prefix,
  first_serial: creditSerial(r.serial_prefix, 1),
  last_serial: creditSerial(r.serial_prefix, r.quantity),
  country: r.country,
  programme: r.programme,
  vintage: r.vintage,
  fate: r.fate,
  material_type: r.material_type,
  quantity: r.quantity,
  kg: r.kg,
  coc_model: r.coc_model,
  issuer: { name: r.issuer_name, slug: r.issuer_slug },
  facility: { id: r.facility_id, code: r.facility_code, name: r.facility_name, region: r.facility_region },
  issued_at: r.issued_at,
  is_issuer: r.organization_id === orgId,
  counts: { issued: r.issued, transferred: r.transferred, retired: r.retired },
  held_by_you: r.held_by_you,
});

export const HOLDINGS_CSV: CsvColumn<CreditBlock>[] = [
  ['first_serial', (b) => b.first_serial],
  ['last_serial', (b) => b.last_serial],
  ['credits', (b) => b.quantity],
  ['status', (b) => CREDIT_STATUS_LABELS[b.public_status]],
  ['vintage', (b) => b.batch.vintage],
  ['fate', (b) => CREDIT_FATE_LABELS[b.batch.fate]],
  ['material_type', (b) => b.batch.material_type],
  ['issuer', (b) => b.batch.issuer.name],
  ['beneficiary', (b) => b.beneficiary],
  ['compliance_year', (b) => b.compliance_year],
  ['purpose', (b) => b.purpose],
  ['retired_at', (b) => b.retired_at],
];
