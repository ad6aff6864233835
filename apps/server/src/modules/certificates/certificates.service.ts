import {
  type Certificate,
  type CertificateAvailable,
  type CertificateDetail,
  type CertificateInput,
  DIVERSION_FATE_LABELS,
  type DiversionFate,
  formatKg,
  formatUnits,
  type PublicCertificate,
  sumDecimals,
  toUnits,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound, pgError, unprocessable } from '../../lib/errors.ts';
import { EXPORT_PAGE, pageOf } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { streamCsv } from '../activity/export.ts';
import { allocate } from '../claims/allocate.ts';
import {
  insertClaims,
  type NewClaim,
  recovery,
  releaseClaims,
  takeClaimsTurn,
} from '../claims/claims.repo.ts';
import { appendEntries } from '../log/log.repo.ts';
import { logoContent } from '../organization/logo.repo.ts';
import { idempotent } from '../security/idempotency.ts';
import { consume, type Limit } from '../security/rate-limit.ts';
import { CERTIFICATE_CSV } from './certificates.csv.ts';
import { certificatePdf } from './certificates.pdf.ts';
import * as repo from './certificates.repo.ts';

// Waste diversion certificates: a client's kilograms diverted from landfill over a period, by material
// type and fate, each kilogram a claim (waste_diversion, identity preserved) on verified recovery that
// the claims trigger lets back no other certificate. Issued once; revocation (once, with a reason)
// gives the kilograms back. Both are appended to the record log (version 1 issued, 2 revoked).

const CLAIM_TYPE = 'waste_diversion' as const;
const COC_MODEL = 'identity_preserved' as const;
const source = (id: string) => ({ kind: 'certificate' as const, id });

/** QR scans and crawlers from one address; someone checking a few certificates never comes near it. */
export const CERTIFICATE_VIEWS_PER_IP: Limit = { name: 'certificate-ip', limit: 300, windowMs: 5 * 60_000 };

const publicUrlOf = (ctx: AppContext, id: string) => `${ctx.publicUrl}/certificates/${id}`;
const verifyPath = (id: string) => `/verify/${id}`;

function toCertificate(ctx: AppContext, r: repo.CertificateRow): Certificate {
  return {
    id: r.id,
    number: r.number,
    status: r.revoked_at ? 'revoked' : 'issued',
    client_name: r.client_name,
    client_type: r.client_type as Certificate['client_type'],
    client_address: r.client_address,
    period_from: r.period_from,
    period_to: r.period_to,
    lines: r.lines as Certificate['lines'],
    total_kg: r.total_kg,
    signatory_name: r.signatory_name,
    signatory_title: r.signatory_title,
    notes: r.notes,
    issued_at: r.issued_at,
    issued_by: { id: r.issued_by, name: r.issued_by_name },
    revoked_at: r.revoked_at,
    revoked_by: r.revoked_by ? { id: r.revoked_by, name: r.revoked_by_name ?? '' } : null,
    revoke_reason: r.revoke_reason,
    public_url: publicUrlOf(ctx, r.id),
  };
}

const toEvidence = (e: repo.EvidenceRow): CertificateDetail['evidence'][number] => ({
  lot: { id: e.lot_id, code: e.lot_code },
  material: { name: e.material_name, type: e.material_type },
  facility: { code: e.facility_code, name: e.facility_name },
  delivery: {
    id: e.receive_record_id,
    number: e.receive_number,
    received_at: e.received_at,
    weighbridge_ticket: e.weighbridge_ticket,
    supplier_type: e.supplier_type,
  },
  recovery: {
    kind: e.recovery_kind,
    id: e.recovery_record_id,
    number: e.recovery_number,
    recovered_on: e.recovered_on,
  },
  fate: e.fate,
  kg: e.kg,
  proof_url: verifyPath(e.receive_record_id),
});

async function detail(ctx: AppContext, h: Db | Tx, orgId: string, id: string) {
  const row = await repo.getCertificate(h, orgId, id);
  if (!row) throw notFound('Certificate');
  const evidence = await repo.evidenceOf(h, orgId, id);
  return {
    ...toCertificate(ctx, row),
    evidence: evidence.map(toEvidence),
    log_url: verifyPath(id),
  } satisfies CertificateDetail;
}

async function orgOf(h: Db | Tx, orgId: string) {
  const facts = await repo.orgFacts(h, orgId);
  if (!facts) throw notFound('Organization');
  return facts;
}

/** What a certificate for [from, to] could claim: unclaimed verified recovery per material type × fate. */
export async function available(
  ctx: AppContext,
  caller: Caller,
  q: { from: string; to: string },
): Promise<CertificateAvailable> {
  const rows = await recovery(ctx.db, caller.organizationId, {
    claimType: CLAIM_TYPE,
    from: q.from,
    to: q.to,
    availableOnly: true,
  });
  const sums = new Map<string, { material_type: string; fate: DiversionFate; units: bigint }>();
  for (const r of rows) {
    // A material counted as no reference type cannot be named on a certificate.
    if (!r.material_type) continue;
    const key = `${r.material_type}\u0000${r.fate}`;
    const s = sums.get(key) ?? { material_type: r.material_type, fate: r.fate, units: 0n };
    s.units += toUnits(r.available_kg, 3);
    sums.set(key, s);
  }
  const names = await repo.materialTypeNames(ctx.db, [
    ...new Set([...sums.values()].map((s) => s.material_type)),
  ]);
  const out = [...sums.values()]
    .map((s) => ({
      material_type: s.material_type,
      name: names.get(s.material_type) ?? s.material_type,
      fate: s.fate,
      available_kg: formatUnits(s.units, 3),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.fate.localeCompare(b.fate));
  return {
    from: q.from,
    to: q.to,
    rows: out,
    total_kg: sumDecimals(
      out.map((r) => r.available_kg),
      3,
    ),
  };
}

const fieldsError = (fields: Record<string, string>) =>
  unprocessable(Object.values(fields)[0] ?? 'The certificate cannot be issued', { fields });

/** Each line's kilograms from its material type × fate's unclaimed recovery in the period, oldest first. */
async function allocateLines(tx: Tx, orgId: string, input: CertificateInput) {
  const names = await repo.materialTypeNames(tx, [...new Set(input.lines.map((l) => l.material_type))]);
  const fields: Record<string, string> = {};
  const claims: NewClaim[] = [];
  const lines: repo.NewCertificate['lines'] = [];
  for (const [i, line] of input.lines.entries()) {
    const name = names.get(line.material_type);
    if (!name) {
      fields[`body.lines.${i}.material_type`] =
        `No reference material type has the code ${line.material_type}`;
      continue;
    }
    const rows = await recovery(tx, orgId, {
      claimType: CLAIM_TYPE,
      from: input.period_from,
      to: input.period_to,
      fate: line.fate,
      materialType: line.material_type,
      availableOnly: true,
    });
    const taken = allocate(rows, line.kg);
    if (!taken) {
      const left = sumDecimals(
        rows.map((r) => r.available_kg),
        3,
      );
      fields[`body.lines.${i}.kg`] =
        `Only ${formatKg(left)} of ${name} sent to ${DIVERSION_FATE_LABELS[line.fate].toLowerCase()} in this period is unclaimed`;
      continue;
    }
    claims.push(...taken.claims);
    lines.push({
      material_type: line.material_type,
      name,
      fate: line.fate,
      kg: formatUnits(toUnits(line.kg, 3), 3),
    });
  }
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
  return { claims, lines };
}

/**
 * Issues a certificate. Its claims go in first: a rival issuance over the same kilograms waits on the
 * claim totals' rows and, once this one commits, is refused by the claims trigger (409). The number is
 * taken last, so its counter row is locked only for the few writes left before the commit.
 */
export async function issue(ctx: AppContext, caller: Caller, input: CertificateInput, key?: string) {
  const orgId = caller.organizationId;
  const { today } = await orgOf(ctx.db, orgId);
  if (input.period_to > today)
    throw fieldsError({
      'body.period_to': 'The period cannot end after today: only recovery already done counts',
    });
  const scope = { organizationId: orgId, route: 'certificates:issue', key };
  return idempotent(ctx.db, scope, input, async (tx) => {
    const org = await orgOf(tx, orgId);
    await takeClaimsTurn(tx, orgId, CLAIM_TYPE);
    const { claims, lines } = await allocateLines(tx, orgId, input);
    const id = uuidv7();
    await claimsOrConflict(() =>
      insertClaims(tx, orgId, CLAIM_TYPE, COC_MODEL, source(id), caller.userId, claims),
    );
    const totalKg = sumDecimals(
      lines.map((l) => l.kg),
      3,
    );
    const number = await repo.insertCertificate(tx, {
      id,
      orgId,
      year: org.year,
      clientName: input.client_name,
      clientType: input.client_type,
      clientAddress: input.client_address,
      periodFrom: input.period_from,
      periodTo: input.period_to,
      lines,
      totalKg,
      signatoryName: input.signatory_name,
      signatoryTitle: input.signatory_title,
      notes: input.notes,
      userId: caller.userId,
    });
    await appendEntries(tx, orgId, 'certificate', [id], 'issued', [1]);
    const issued = await detail(ctx, tx, orgId, id);
    const { evidence: _, ...snapshot } = issued;
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'certificate',
      entityId: id,
      description: `Issued waste diversion certificate ${number} to ${input.client_name}: ${formatKg(totalKg)}`,
      after: snapshot,
      referenceId: number,
    });
    return { status: 201, body: issued };
  });
}

/** The claims trigger's refusal, in the words of this page: someone else took the kilograms first. */
async function claimsOrConflict(run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    if (pgError(err)?.code !== 'PT409') throw err;
    throw new AppError(
      'conflict',
      'Another certificate claimed some of these kilograms a moment ago. Reload what is available and try again.',
    );
  }
}

/** Revokes it (once, with the reason): its kilograms become claimable again. */
export async function revoke(ctx: AppContext, caller: Caller, id: string, reason: string) {
  const orgId = caller.organizationId;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.getCertificate(tx, orgId, id, true);
    if (!row) throw notFound('Certificate');
    if (row.revoked_at) throw unprocessable(`Certificate ${row.number} is already revoked`);
    await repo.revoke(tx, orgId, id, caller.userId, reason);
    await releaseClaims(tx, orgId, COC_MODEL, source(id), caller.userId);
    await appendEntries(tx, orgId, 'certificate', [id], 'revoked', [2]);
    const after = await detail(ctx, tx, orgId, id);
    const { evidence: _, ...snapshot } = after;
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'certificate',
      entityId: id,
      description: `Revoked waste diversion certificate ${row.number} (${formatKg(row.total_kg)}): ${reason}`,
      before: toCertificate(ctx, row),
      after: snapshot,
      referenceId: row.number,
    });
    return after;
  });
}

type ListQuery = { limit: number; cursor?: string; q?: string; status?: 'issued' | 'revoked'; year?: number };

const filterOf = (q: Omit<ListQuery, 'limit' | 'cursor'>) => ({ q: q.q, status: q.status, year: q.year });
const keyOf = (r: { cursor_at: string; id: string }): [string, string] => [r.cursor_at, r.id];

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  const after = decodeCursor(q.cursor, ['instant', 'uuid']);
  const rows = await repo.listCertificates(ctx.db, caller.organizationId, {
    ...filterOf(q),
    limit: q.limit + 1,
    after,
  });
  const page = toPage(rows, q.limit, keyOf);
  return { items: page.items.map((r) => toCertificate(ctx, r)), next_cursor: page.next_cursor };
}

export function exportCsv(
  ctx: AppContext,
  caller: Caller,
  q: Omit<ListQuery, 'limit' | 'cursor'>,
  reply: FastifyReply,
) {
  return streamCsv(ctx, caller, reply, {
    filename: 'waste-diversion-certificates.csv',
    dataType: 'waste_diversion_certificates',
    parameters: q,
    columns: CERTIFICATE_CSV,
    page: async (tx: Tx, after: [string, string] | undefined) =>
      pageOf(
        await repo.listCertificates(tx, caller.organizationId, {
          ...filterOf(q),
          limit: EXPORT_PAGE + 1,
          after,
        }),
        EXPORT_PAGE,
        keyOf,
        (r) => toCertificate(ctx, r),
      ),
  });
}

export function get(ctx: AppContext, caller: Caller, id: string) {
  return detail(ctx, ctx.db, caller.organizationId, id);
}

/** The A4 PDF, with the organization's logo when it has one. */
export async function pdf(ctx: AppContext, caller: Caller, id: string) {
  const orgId = caller.organizationId;
  const row = await repo.getCertificate(ctx.db, orgId, id);
  if (!row) throw notFound('Certificate');
  const certificate = toCertificate(ctx, row);
  const organization = await orgOf(ctx.db, orgId);
  const logo = await logoContent(ctx.db, orgId);
  return {
    number: row.number,
    bytes: await certificatePdf({ certificate, organization, logo: logo?.bytes ?? null }),
  };
}

/** The public page the certificate's QR code opens, and its number for the file's name. */
export async function qrTarget(ctx: AppContext, caller: Caller, id: string) {
  const row = await repo.getCertificate(ctx.db, caller.organizationId, id);
  if (!row) throw notFound('Certificate');
  return { url: publicUrlOf(ctx, row.id), number: row.number };
}

/** What the QR code shows anyone, rate limited per address; 404 for an id that is no certificate. */
export async function publicView(ctx: AppContext, id: string, ip: string): Promise<PublicCertificate> {
  await consume(ctx.db, CERTIFICATE_VIEWS_PER_IP, ip);
  const r = await repo.publicCertificate(ctx.db, id);
  if (!r) throw notFound('Certificate');
  return {
    id: r.id,
    number: r.number,
    status: r.revoked_at ? 'revoked' : 'issued',
    organization: { name: r.organization_name, time_zone: r.time_zone },
    client_name: r.client_name,
    client_type: r.client_type as PublicCertificate['client_type'],
    period_from: r.period_from,
    period_to: r.period_to,
    lines: r.lines as PublicCertificate['lines'],
    total_kg: r.total_kg,
    issued_at: r.issued_at,
    signatory_name: r.signatory_name,
    signatory_title: r.signatory_title,
    revoked_at: r.revoked_at,
    revoke_reason: r.revoke_reason,
    log_url: verifyPath(r.id),
  };
}
