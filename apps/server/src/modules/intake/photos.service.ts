import { PHOTO_MAX_PER_RECORD } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { deleteFile, insertImage, sha256Of } from '../files/files.repo.ts';
import { type PreparedImage, preparePhoto, THUMBNAIL_MIME } from '../files/images.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { load, visibleRecord } from './intake.service.ts';
import { auditSnapshot } from './intake.views.ts';
import * as repo from './photos.repo.ts';

// Photos of a delivery (the load, the ticket, the plate) belong to the draft: added and removed only
// until it is posted, after which the record, photos included, is evidence and never changes.

/** One uploaded file as the multipart reader hands it over. */
export type Upload = { name: string; bytes: Buffer };

const draftsOnly = (status: string, doing: string) =>
  status === 'draft'
    ? undefined
    : unprocessable(`Photos can only be ${doing} while the record is a draft; this record is ${status}.`);

const tooMany = (has: number) =>
  unprocessable(
    `A receive record holds at most ${PHOTO_MAX_PER_RECORD} photos${has ? `; this one already has ${has}` : ''}. Remove one before adding more.`,
  );

/**
 * Adds photos to a draft. Checks that can fail cheaply run before the (CPU-heavy) re-encoding, which
 * runs before the transaction so no lock is held meanwhile; the transaction checks again under the
 * record's lock. A photo the record already has (same stored bytes) is not added twice, so a retried
 * upload is harmless: 201 when something was added, 200 when nothing new was.
 */
export async function addPhotos(ctx: AppContext, caller: Caller, id: string, uploads: AsyncIterable<Upload>) {
  const header = await visibleRecord(ctx.db, caller, id);
  const refusal = draftsOnly(header.record.status, 'added');
  if (refusal) throw refusal;
  const has = (await repo.photosOf(ctx.db, caller.organizationId, [id])).length;
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);

  const prepared: { name: string; image: PreparedImage; sha256: string }[] = [];
  for await (const upload of uploads) {
    if (has + prepared.length >= PHOTO_MAX_PER_RECORD) throw tooMany(has);
    const image = await preparePhoto(upload.bytes, upload.name, timeZone);
    prepared.push({ name: upload.name, image, sha256: sha256Of(image.bytes) });
  }
  if (prepared.length === 0)
    throw new AppError('validation_failed', 'Choose at least one photo to upload', {
      fields: { 'body.photos': 'Choose at least one photo to upload' },
    });

  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, caller, id, true);
    const late = draftsOnly(before.status, 'added');
    if (late) throw late;
    const current = await repo.photosOf(tx, caller.organizationId, [id]);
    const seen = new Set(current.map((p) => p.file.sha256));
    const fresh = prepared.filter((p) => !seen.has(p.sha256) && seen.add(p.sha256));
    if (fresh.length === 0) return { status: 200 as const, body: before };
    if (current.length + fresh.length > PHOTO_MAX_PER_RECORD) throw tooMany(current.length);
    let position = Math.max(0, ...current.map((p) => p.position));
    for (const p of fresh) {
      const fileId = await insertImage(tx, {
        organizationId: caller.organizationId,
        createdBy: caller.userId,
        originalName: cleanName(p.name),
        image: p.image,
      });
      position += 1;
      await repo.linkPhoto(tx, { organizationId: caller.organizationId, recordId: id, fileId, position });
    }
    const after = await load(tx, caller, id);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'receive_record',
      entityId: id,
      description: `Added ${fresh.length === 1 ? 'a photo' : `${fresh.length} photos`} to receive record ${after.number}`,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
      referenceId: after.number,
    });
    return { status: 201 as const, body: after };
  });
}

/** Removes a photo from a draft; its stored bytes go with it (each upload is its own file). */
export async function removePhoto(ctx: AppContext, caller: Caller, id: string, fileId: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, caller, id, true);
    const refusal = draftsOnly(before.status, 'removed');
    if (refusal) throw refusal;
    if (!(await repo.unlinkPhoto(tx, caller.organizationId, id, fileId))) throw notFound('Photo');
    await deleteFile(tx, caller.organizationId, fileId);
    const after = await load(tx, caller, id);
    const removed = before.photos.find((p) => p.id === fileId);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'receive_record',
      entityId: id,
      description: `Removed a photo${removed?.original_name ? ` (${removed.original_name})` : ''} from receive record ${after.number}`,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
      referenceId: after.number,
    });
    return after;
  });
}

/** The bytes of a photo or its thumbnail, for whoever may read the record. */
export async function photoContent(
  ctx: AppContext,
  caller: Caller,
  id: string,
  fileId: string,
  part: 'image' | 'thumbnail',
) {
  await visibleRecord(ctx.db, caller, id);
  const row = await repo.photoContent(ctx.db, caller.organizationId, id, fileId, part);
  if (!row?.content) throw notFound('Photo');
  return {
    bytes: row.content,
    mime: part === 'image' ? row.mime : THUMBNAIL_MIME,
    etag: `"${row.sha256}${part === 'image' ? '' : '-thumb'}"`,
    position: row.position,
  };
}

/** The name as the phone sent it, without any folder and at a readable length; kept for people only. */
function cleanName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim().slice(0, 200);
  return base || null;
}
