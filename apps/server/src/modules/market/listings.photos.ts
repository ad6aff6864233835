import { PHOTO_MAX_PER_RECORD } from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext, Caller } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound, pgError, unprocessable } from '../../lib/errors.ts';
import { logChange } from '../activity/changes.ts';
import { deleteFile, insertImage, sha256Of } from '../files/files.repo.ts';
import { type PreparedImage, preparePhoto, THUMBNAIL_MIME } from '../files/images.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import type { Upload } from '../photos/photos.service.ts';
import { consume, type Limit } from '../security/rate-limit.ts';
import { ownView } from './listings.service.ts';

// A listing's photos: files of the listing's organization whose ids the listing keeps, in order, in
// `market_listings.photo_file_ids`. Only the owner adds or removes them, never on a closed listing; each
// change moves the listing's version. Whoever may see the listing may see its photos: members of any
// organization while it is active, anyone through /api/public while it is active. The stored bytes are
// already re-encoded without EXIF (files/images.ts), so no GPS position or camera serial leaves with them;
// the position kept as a field on the file is never part of a listing's view.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

/**
 * Photos are read per address too, in their own bucket: a page of results shows a thumbnail per card, so
 * sharing the listings' 300 would let one browse page use a sixth of it.
 */
export const MARKET_PHOTOS_PER_IP: Limit = {
  name: 'market-public-photo-ip',
  limit: 3000,
  windowMs: 5 * 60_000,
};

type Locked = { status: string; title: string; photo_file_ids: string[] };

async function lockOwn(tx: Tx, orgId: string, id: string, doing: string): Promise<Locked> {
  const [l] = await rows<Locked>(
    tx,
    sql`SELECT status, title, photo_file_ids::text[] AS photo_file_ids FROM market_listings
        WHERE id = ${id}::uuid AND organization_id = ${orgId}::uuid FOR UPDATE`,
  );
  if (!l) throw notFound('Listing');
  if (l.status === 'closed') throw unprocessable(`This listing is closed: photos can no longer be ${doing}`);
  return l;
}

async function setPhotos(tx: Tx, orgId: string, id: string, ids: string[]) {
  await tx.execute(sql`UPDATE market_listings
    SET photo_file_ids = ${sql.param(ids)}::uuid[], version = version + 1, updated_at = pt_now()
    WHERE id = ${id}::uuid AND organization_id = ${orgId}::uuid`);
}

/** The stored fingerprints of the listing's current photos, to add the same photo only once. */
async function fingerprints(h: Handle, orgId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const r = await rows<{ sha256: string }>(
    h,
    sql`SELECT sha256 FROM files WHERE organization_id = ${orgId}::uuid AND id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Set(r.map((x) => x.sha256));
}

const tooMany = (has: number) =>
  unprocessable(
    `A listing holds at most ${PHOTO_MAX_PER_RECORD} photos${has ? `; this one already has ${has}` : ''}. Remove one before adding more.`,
    { fields: { 'body.photos': `At most ${PHOTO_MAX_PER_RECORD} photos` } },
  );

/**
 * Adds photos to the caller's listing. The re-encoding (CPU-heavy) runs before the transaction so the
 * listing is not locked meanwhile; the count and status are checked again under the lock. A photo the
 * listing already has is skipped, so a retried upload adds nothing: 201 when something was added, else 200.
 */
export async function addPhotos(ctx: AppContext, caller: Caller, id: string, uploads: AsyncIterable<Upload>) {
  const org = caller.organizationId;
  const before = await ctx.db.transaction((tx) => lockOwn(tx, org, id, 'added'));
  const timeZone = await timeZoneOf(ctx.db, org);
  const prepared: { name: string; image: PreparedImage; sha256: string }[] = [];
  for await (const upload of uploads) {
    if (before.photo_file_ids.length + prepared.length >= PHOTO_MAX_PER_RECORD)
      throw tooMany(before.photo_file_ids.length);
    const image = await preparePhoto(upload.bytes, upload.name, timeZone);
    prepared.push({ name: upload.name, image, sha256: sha256Of(image.bytes) });
  }
  if (prepared.length === 0)
    throw new AppError('validation_failed', 'Choose at least one photo to upload', {
      fields: { 'body.photos': 'Choose at least one photo to upload' },
    });

  return ctx.db.transaction(async (tx) => {
    const l = await lockOwn(tx, org, id, 'added');
    const seen = await fingerprints(tx, org, l.photo_file_ids);
    const fresh = prepared.filter((p) => !seen.has(p.sha256) && seen.add(p.sha256));
    if (fresh.length === 0) return { status: 200 as const, body: await ownView(ctx, tx, caller, id) };
    if (l.photo_file_ids.length + fresh.length > PHOTO_MAX_PER_RECORD) throw tooMany(l.photo_file_ids.length);
    const added: string[] = [];
    for (const p of fresh)
      added.push(
        await insertImage(tx, {
          organizationId: org,
          createdBy: caller.userId,
          originalName: p.name.split(/[\\/]/).pop()?.trim().slice(0, 200) || null,
          image: p.image,
        }),
      );
    await setPhotos(tx, org, id, [...l.photo_file_ids, ...added]);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'market_listing',
      entityId: id,
      description: `Added ${added.length === 1 ? 'a photo' : `${added.length} photos`} to listing ${l.title}`,
      before: { photo_file_ids: l.photo_file_ids },
      after: { photo_file_ids: [...l.photo_file_ids, ...added] },
    });
    return { status: 201 as const, body: await ownView(ctx, tx, caller, id) };
  });
}

/**
 * Removes a photo from the caller's listing. Its file goes too unless something else still holds it (a
 * photo chosen at creation may be a record's photo, which its foreign key keeps).
 */
export async function removePhoto(ctx: AppContext, caller: Caller, id: string, fileId: string) {
  const org = caller.organizationId;
  return ctx.db.transaction(async (tx) => {
    const l = await lockOwn(tx, org, id, 'removed');
    if (!l.photo_file_ids.includes(fileId)) throw notFound('Photo');
    const after = l.photo_file_ids.filter((f) => f !== fileId);
    await setPhotos(tx, org, id, after);
    const [shared] = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM market_listings
          WHERE organization_id = ${org}::uuid AND ${fileId}::uuid = any(photo_file_ids)`,
    );
    if (!shared?.n) await deleteUnlessHeld(tx, org, fileId);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'market_listing',
      entityId: id,
      description: `Removed a photo from listing ${l.title}`,
      before: { photo_file_ids: l.photo_file_ids },
      after: { photo_file_ids: after },
    });
    return ownView(ctx, tx, caller, id);
  });
}

async function deleteUnlessHeld(tx: Tx, org: string, fileId: string) {
  try {
    // A savepoint: a refused delete must not abort the listing's transaction.
    await tx.transaction((sp) => deleteFile(sp, org, fileId));
  } catch (err) {
    if (pgError(err)?.code !== '23503') throw err;
  }
}

type Content = { sha256: string; mime: string; position: number; content: Buffer | null };

/** One of the listing's photos, when `visible` lets the reader see the listing. */
async function content(h: Handle, id: string, fileId: string, visible: SQL, part: 'image' | 'thumbnail') {
  const [row] = await rows<Content>(
    h,
    sql`SELECT f.sha256, f.mime, array_position(l.photo_file_ids, f.id) AS position,
          ${part === 'image' ? sql`f.bytes` : sql`f.thumbnail`} AS content
        FROM market_listings l
        JOIN files f ON f.id = ${fileId}::uuid AND f.organization_id = l.organization_id
        WHERE l.id = ${id}::uuid AND ${fileId}::uuid = any(l.photo_file_ids) AND ${visible}`,
  );
  if (!row?.content) throw notFound('Photo');
  return {
    bytes: row.content,
    mime: part === 'image' ? row.mime : THUMBNAIL_MIME,
    etag: `"${row.sha256}${part === 'image' ? '' : '-thumb'}"`,
    position: row.position,
  };
}

export type PhotoContent = Awaited<ReturnType<typeof content>>;

/** For members: their own listing's photos in any status, another organization's while it is active. */
export const memberPhoto = (
  ctx: AppContext,
  caller: Caller,
  id: string,
  fileId: string,
  part: 'image' | 'thumbnail',
) =>
  content(
    ctx.db,
    id,
    fileId,
    sql`(l.organization_id = ${caller.organizationId}::uuid OR l.status = 'active')`,
    part,
  );

/** For anyone: an active listing's photos. */
export async function publicPhoto(
  ctx: AppContext,
  ip: string,
  id: string,
  fileId: string,
  part: 'image' | 'thumbnail',
) {
  await consume(ctx.db, MARKET_PHOTOS_PER_IP, ip);
  return content(ctx.db, id, fileId, sql`l.status = 'active'`, part);
}
