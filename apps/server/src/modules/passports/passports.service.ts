import { createHash } from 'node:crypto';
import {
  lotDigitalLink,
  type Passport,
  type PassportContent,
  type PassportDetails,
  type PassportListQuery,
  type PassportSummary,
  type PassportVersion,
  passportDetailsSchema,
} from '@plastrace/shared';
import { canonicalize } from '@plastrace/verify';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { appendEntries } from '../log/log.repo.ts';
import { buildContent } from './passports.content.ts';
import * as repo from './passports.repo.ts';

// Product passports: a draft per lot holds what the maker adds (certificates, notes); publishing computes
// the content from the ledger and the lineage at that moment and stores it as the next immutable version
// (passport_versions refuses UPDATE and DELETE), so a printed QR code always leads to what was published.

/** SHA-256 (hex) of the RFC 8785 canonical JSON: the same digest whoever serializes the content. */
export const contentSha256 = (content: PassportContent) =>
  createHash('sha256').update(canonicalize(content)).digest('hex');

// Stored details were checked on the way in; reading them through the schema fills what older rows lack.
const detailsOf = (row: repo.PassportRow): PassportDetails => passportDetailsSchema.parse(row.details ?? {});

function summary(ctx: AppContext, row: repo.PassportRow): PassportSummary {
  return {
    id: row.id,
    lot: { id: row.lot_id, code: row.lot_code },
    material: row.material_name,
    product: row.product_code && row.product_name ? { sku: row.product_code, name: row.product_name } : null,
    status: row.published_version > 0 ? 'published' : 'draft',
    published_version: row.published_version,
    digital_link: digitalLinkOf(ctx, row),
    updated_at: row.updated_at,
  };
}

const digitalLinkOf = (ctx: AppContext, row: repo.PassportRow) =>
  lotDigitalLink(ctx.publicUrl, {
    code: row.lot_code,
    gtin: row.gtin,
    organizationSlug: row.organization_slug,
  });

async function found(ctx: AppContext, caller: Caller, id: string) {
  const row = await repo.getPassport(ctx.db, caller.organizationId, id);
  if (!row) throw notFound('Passport');
  return row;
}

/** A lot's draft passport; a lot has one passport, so a second create answers 409 with its id. */
export async function create(ctx: AppContext, caller: Caller, lotId: string) {
  const lot = await repo.lotFacts(ctx.db, caller.organizationId, lotId);
  if (!lot) throw notFound('Lot');
  if (lot.status === 'voided') throw unprocessable(`${lot.code} is voided: a voided lot gets no passport`);
  return ctx.db.transaction(async (tx) => {
    const id = await repo.insertPassport(tx, {
      id: uuidv7(),
      orgId: caller.organizationId,
      lotId,
      userId: caller.userId,
    });
    if (!id) {
      const existing = await repo.passportIdOfLot(tx, caller.organizationId, lotId);
      throw new AppError('conflict', `${lot.code} already has a passport: open it to edit or publish it`, {
        id: existing,
      });
    }
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'passport',
      entityId: id,
      description: `Created the product passport of lot ${lot.code}`,
    });
    return { id };
  });
}

export async function list(ctx: AppContext, caller: Caller, q: PassportListQuery) {
  const after = decodeCursor(q.cursor, ['instant', 'uuid']);
  const rows = await repo.listPassports(ctx.db, caller.organizationId, {
    limit: q.limit + 1,
    after,
    q: q.q,
    status: q.status,
  });
  const page = toPage(rows, q.limit, (r) => [r.cursor_at, r.id]);
  return { items: page.items.map((r) => summary(ctx, r)), next_cursor: page.next_cursor };
}

/** The draft: its details, the content publishing now would make, and the versions published. */
export async function get(ctx: AppContext, caller: Caller, id: string): Promise<Passport> {
  const row = await found(ctx, caller, id);
  const details = detailsOf(row);
  const [preview, versions] = await Promise.all([
    buildContent(ctx, caller, row.lot_id, details),
    repo.versionsOf(ctx.db, caller.organizationId, id),
  ]);
  return {
    ...summary(ctx, row),
    details,
    version: row.version,
    preview,
    versions: versions.map((v) => ({
      version: v.version_no,
      published_at: v.published_at,
      content_sha256: v.content_sha256,
    })),
    public_url: row.published_version > 0 ? digitalLinkOf(ctx, row) : null,
  };
}

export async function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: { details: PassportDetails; version: number },
) {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.getPassport(tx, caller.organizationId, id, true);
    if (!before) throw notFound('Passport');
    if (!(await repo.updateDetails(tx, caller.organizationId, id, body.version, body.details)))
      throw new AppError('conflict', 'Someone else changed this passport. Reload and try again.');
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'passport',
      entityId: id,
      description: `Updated the product passport of lot ${before.lot_code}`,
      before: before.details,
      after: body.details,
    });
  });
  return get(ctx, caller, id);
}

/**
 * Freezes the content as it stands now as the next version. The passport row is locked first, so two
 * publishers queue and the second sees the first's version; unchanged content is refused, since a new
 * version that says the same would only muddy which one a reader saw.
 */
export async function publish(ctx: AppContext, caller: Caller, id: string): Promise<PassportVersion> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.getPassport(tx, caller.organizationId, id, true);
    if (!row) throw notFound('Passport');
    const content = await buildContent(ctx, caller, row.lot_id, detailsOf(row));
    const sha256 = contentSha256(content);
    if (row.published_version > 0) {
      const last = await repo.versionOf(tx, caller.organizationId, id, row.published_version);
      if (last?.content_sha256 === sha256)
        throw unprocessable(
          `Nothing changed since version ${row.published_version}: edit the certificates or notes, or publish again when the lot’s records change`,
        );
    }
    const n = row.published_version + 1;
    const publishedAt = await repo.insertVersion(tx, {
      id: uuidv7(),
      orgId: caller.organizationId,
      passportId: id,
      n,
      content,
      sha256,
      userId: caller.userId,
    });
    // Into the verifiable record log too: what the QR code leads to, provably as published.
    await appendEntries(tx, caller.organizationId, 'passport', [id], 'published', [n]);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'passport',
      entityId: id,
      description: `Published version ${n} of the product passport of lot ${row.lot_code}`,
      after: { version: n, content_sha256: sha256 },
    });
    return { passport_id: id, version: n, published_at: publishedAt, content_sha256: sha256, content };
  });
}

const asVersion = (v: repo.VersionRow): PassportVersion => ({
  passport_id: v.passport_id,
  version: v.version_no,
  published_at: v.published_at,
  content_sha256: v.content_sha256,
  content: v.content as PassportContent,
});

export async function getVersion(ctx: AppContext, caller: Caller, id: string, n: number) {
  await found(ctx, caller, id);
  const v = await repo.versionOf(ctx.db, caller.organizationId, id, n);
  if (!v) throw notFound(`Version ${n} of this passport`);
  return asVersion(v);
}

/** The Digital Link the passport's QR code encodes, and a name for the file. */
export async function qrTarget(ctx: AppContext, caller: Caller, id: string) {
  const row = await found(ctx, caller, id);
  return { url: digitalLinkOf(ctx, row), code: row.lot_code, caption: row.product_name ?? row.material_name };
}

/** The published version a Digital Link names (the latest, or `version`), for anyone; else undefined. */
export async function resolve(ctx: AppContext, at: repo.PublicLookup, version?: number) {
  const v = await repo.publishedPassportAt(ctx.db, at, version);
  return v && { ...asVersion(v), latest: version === undefined };
}
