import {
  CREDIT_COC_MODEL,
  CREDIT_COUNTRY,
  CREDIT_FATE_LABELS,
  CREDIT_KG,
  CREDIT_PROGRAMME,
  type CreditEvidence,
  type CreditIssue,
  type CreditRecoveryQuery,
  creditCollectorPay,
  type creditRecoverySchema,
  creditSerial,
  creditSerialPrefix,
  formatKg,
  formatUnits,
  serialOrganizationCode,
  toUnits,
} from '@plastrace/shared';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, invalidField, sqlState, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { type Allocation, allocate } from '../claims/allocate.ts';
import { insertClaims, type RecoveryRow, recovery } from '../claims/claims.repo.ts';
import { appendEntries } from '../log/log.repo.ts';
import { idempotent } from '../security/idempotency.ts';
import * as repo from './credits.repo.ts';
import { batchDetail } from './credits.service.ts';

// Issuing EPR credits: whole tonnes of verified recovery not yet backing a credit, claimed oldest first
// in the claims ledger (whose trigger refuses any kilogram claimed twice), numbered as a batch of serials
// held by the issuer, with the evidence behind each kilogram and what its collectors were paid.

type Recovery = z.output<typeof creditRecoverySchema>;
const GRAMS_PER_CREDIT = toUnits(CREDIT_KG, 3);
/** Unclassified materials still earn credits; the batch says it cannot name their type. */
const UNCLASSIFIED = 'unclassified';

const yearOf = (vintage: number) => ({ from: `${vintage}-01-01`, to: `${vintage}-12-31` });
const wholeCredits = (grams: bigint) => ({
  credits: Number(grams / GRAMS_PER_CREDIT),
  carried_kg: formatUnits(grams % GRAMS_PER_CREDIT, 3),
});

/** Eligible recovery: every row with kilograms left for EPR credits, and their sums per possible batch. */
export async function eligibleRecovery(
  ctx: AppContext,
  caller: Caller,
  q: CreditRecoveryQuery,
): Promise<Recovery> {
  const found = await recovery(ctx.db, caller.organizationId, {
    claimType: 'epr_credit',
    availableOnly: true,
    ...(q.vintage ? yearOf(q.vintage) : {}),
    fate: q.fate,
    facilityId: q.facility_id,
    materialType: q.material_type,
  });
  const photos = await repo.deliveryPhotos(ctx.db, caller.organizationId, [
    ...new Set(found.map((r) => r.receive_record_id)),
  ]);
  const groups = new Map<string, Recovery['groups'][number] & { grams: bigint }>();
  let total = 0n;
  for (const r of found) {
    const grams = toUnits(r.available_kg, 3);
    total += grams;
    const vintage = Number(r.recovered_on.slice(0, 4));
    const key = [r.facility_id, r.fate, r.material_type ?? '', vintage].join('|');
    const g = groups.get(key) ?? {
      facility: { id: r.facility_id, code: r.facility_code, name: r.facility_name },
      fate: r.fate,
      material_type: r.material_type,
      vintage,
      available_kg: '0',
      credits: 0,
      carried_kg: '0',
      grams: 0n,
    };
    g.grams += grams;
    groups.set(key, g);
  }
  const summed = [...groups.values()].map(({ grams, ...g }) => ({
    ...g,
    available_kg: formatUnits(grams, 3),
    ...wholeCredits(grams),
  }));
  // A batch is issued per facility, fate and vintage, of one material type or mixed: what can be issued
  // is the whole tonnes of each facility × fate × vintage, across its material types.
  const perBatch = new Map<string, bigint>();
  for (const g of groups.values()) {
    const key = [g.facility.id, g.fate, g.vintage].join('|');
    perBatch.set(key, (perBatch.get(key) ?? 0n) + g.grams);
  }
  const credits = [...perBatch.values()].reduce((n, grams) => n + wholeCredits(grams).credits, 0);
  return {
    rows: found.map((r) => ({
      lot: { id: r.lot_id, code: r.lot_code },
      recovery: { id: r.recovery_record_id, kind: r.recovery_kind, number: r.recovery_number },
      fate: r.fate,
      recovered_on: r.recovered_on,
      kg: r.kg,
      claimed_kg: r.claimed_kg,
      available_kg: r.available_kg,
      material: { id: r.material_id, name: r.material_name, type: r.material_type },
      facility: { id: r.facility_id, code: r.facility_code, name: r.facility_name },
      delivery: {
        id: r.receive_record_id,
        number: r.receive_number,
        received_at: r.received_at,
        weighbridge_ticket: r.weighbridge_ticket,
        photos: photos.get(r.receive_record_id) ?? 0,
      },
      supplier_type: r.supplier_type,
      line_net_kg: r.line_net_kg,
      line_amount: r.line_amount,
    })),
    groups: summed.sort(
      (a, b) =>
        b.vintage - a.vintage ||
        a.facility.code.localeCompare(b.facility.code) ||
        a.fate.localeCompare(b.fate) ||
        (a.material_type ?? '').localeCompare(b.material_type ?? ''),
    ),
    totals: {
      available_kg: formatUnits(total, 3),
      credits,
      carried_kg: formatUnits(total - BigInt(credits) * GRAMS_PER_CREDIT, 3),
    },
  };
}

function evidenceOf(taken: Allocation['rows'], photos: Map<string, number>): CreditEvidence[] {
  return taken.map((r) => ({
    lot: { id: r.lot_id, code: r.lot_code },
    kg: r.take_kg,
    material: { name: r.material_name, type: r.material_type },
    delivery: {
      id: r.receive_record_id,
      number: r.receive_number,
      received_at: r.received_at,
      weighbridge_ticket: r.weighbridge_ticket,
      photos: photos.get(r.receive_record_id) ?? 0,
    },
    // The supplier's type only: a waste picker's name is theirs, not the batch's.
    supplier_type: r.supplier_type,
    recovery: {
      id: r.recovery_record_id,
      kind: r.recovery_kind,
      number: r.recovery_number,
      recovered_on: r.recovered_on,
    },
    fate: r.fate,
    proofs: { delivery: `/verify/${r.receive_record_id}`, recovery: `/verify/${r.recovery_record_id}` },
  }));
}

const materialTypeOf = (body: CreditIssue, taken: RecoveryRow[]) => {
  if (body.material_type) return body.material_type;
  const types = new Set(taken.map((r) => r.material_type ?? UNCLASSIFIED));
  return types.size === 1 ? ([...types][0] ?? UNCLASSIFIED) : 'mixed';
};

async function claimOrRefuse(tx: Tx, caller: Caller, batchId: string, claims: Allocation['claims']) {
  try {
    await insertClaims(
      tx,
      caller.organizationId,
      'epr_credit',
      CREDIT_COC_MODEL,
      { kind: 'credit_batch', id: batchId },
      caller.userId,
      claims,
    );
  } catch (err) {
    // The trigger's refusal names a lot; the issuer needs to know nothing was issued and what to do.
    if (sqlState(err) === 'PT409')
      throw new AppError(
        'conflict',
        'Some of these kilograms were claimed by another issuance at the same moment, so nothing was issued. Reload the eligible recovery and issue again from what is left.',
      );
    throw err;
  }
}

/** Issues `quantity` credits from the facility's eligible recovery of the vintage and fate. */
export function issue(ctx: AppContext, caller: Caller, body: CreditIssue, idempotencyKey?: string) {
  const org = caller.organizationId;
  const scope = { organizationId: org, route: 'credits:issue', key: idempotencyKey };
  return idempotent(ctx.db, scope, body, async (tx) => {
    const facility = await repo.facilityOf(tx, org, body.facility_id);
    if (!facility) throw invalidField('facility_id', 'Choose one of your organization’s facilities');
    await repo.lockVintage(tx, org, body.vintage);
    const rows = await recovery(tx, org, {
      claimType: 'epr_credit',
      availableOnly: true,
      ...yearOf(body.vintage),
      fate: body.fate,
      facilityId: facility.id,
      materialType: body.material_type ?? undefined,
    });
    const kg = formatUnits(BigInt(body.quantity) * GRAMS_PER_CREDIT, 3);
    const taken = allocate(rows, kg);
    if (!taken) {
      const grams = rows.reduce((s, r) => s + toUnits(r.available_kg, 3), 0n);
      const { credits } = wholeCredits(grams);
      const what = [
        facility.code,
        CREDIT_FATE_LABELS[body.fate],
        body.vintage,
        body.material_type ?? [],
      ].flat();
      const message = `Only ${formatKg(formatUnits(grams, 3))} of verified recovery is left for this batch (${what.join('; ')}): ${credits} credit${credits === 1 ? '' : 's'} at most`;
      throw unprocessable(message, {
        available_kg: formatUnits(grams, 3),
        credits,
        fields: { 'body.quantity': message },
      });
    }
    const id = uuidv7();
    await claimOrRefuse(tx, caller, id, taken.claims);
    const photos = await repo.deliveryPhotos(tx, org, [
      ...new Set(taken.rows.map((r) => r.receive_record_id)),
    ]);
    const pay = creditCollectorPay(
      taken.rows.map((r) => ({ kg: r.take_kg, netKg: r.line_net_kg, amount: r.line_amount })),
      kg,
    );
    const self = await repo.organizationById(tx, org);
    // Numbered once the claims hold (on the counter row locked above): a refused issuance takes no number.
    const batchNo = await repo.nextBatchNo(tx, org, body.vintage);
    const code = serialOrganizationCode(self?.slug ?? '');
    const orgCode = (await repo.serialCodeTakenByAnother(tx, org, code))
      ? serialOrganizationCode(self?.slug ?? '', { organizationId: org })
      : code;
    const serialPrefix = creditSerialPrefix(orgCode, facility.code, body.vintage, batchNo);
    await repo.insertBatch(tx, {
      id,
      orgId: org,
      batchNo,
      serialPrefix,
      country: CREDIT_COUNTRY,
      programme: CREDIT_PROGRAMME,
      facilityId: facility.id,
      vintage: body.vintage,
      fate: body.fate,
      materialType: materialTypeOf(body, taken.rows),
      quantity: body.quantity,
      kg,
      cocModel: CREDIT_COC_MODEL,
      collectorPayPhp: pay.php,
      collectorPayPerKg: pay.perKg,
      evidence: evidenceOf(taken.rows, photos),
      userId: caller.userId,
    });
    await repo.insertBlock(tx, { id: uuidv7(), orgId: org, batchId: id, firstNo: 1, lastNo: body.quantity });
    await repo.insertMovement(tx, {
      id: uuidv7(),
      batchId: id,
      firstNo: 1,
      lastNo: body.quantity,
      kind: 'issued',
      fromOrgId: null,
      toOrgId: org,
      userId: caller.userId,
    });
    await appendEntries(tx, org, 'credit_batch', [id], 'issued', [1]);
    const range = `${creditSerial(serialPrefix, 1)} to ${creditSerial(serialPrefix, body.quantity)}`;
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'credit_batch',
      entityId: id,
      description: `Issued ${body.quantity} EPR credit${body.quantity === 1 ? '' : 's'} ${range} from ${formatKg(kg)} of verified recovery (${CREDIT_FATE_LABELS[body.fate].toLowerCase()}, ${facility.code}, vintage ${body.vintage})`,
      after: { serial_prefix: serialPrefix, quantity: body.quantity, kg, collector_pay_php: pay.php },
      referenceId: serialPrefix,
    });
    return { status: 201, body: await batchDetail(tx, ctx, caller, id) };
  });
}
