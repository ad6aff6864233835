import { PHOTO_MAX_PER_RECORD } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { deleteFile, insertImage, sha256Of } from '../files/files.repo.ts';
import { type PreparedImage, preparePhoto, THUMBNAIL_MIME } from '../files/images.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import type { PhotoLinks } from './photos.repo.ts';

// Photos of a record (a delivery's load, ticket and plate; a run's line and bales) belong to the draft:
// added and removed only until it is posted, after which the record, photos included, is evidence and
// never changes. One service for every kind of record that has them.

type Photo = { id: string; original_name: string | null; latitude: string | null; longitude: string | null };
type RecordView = { number: string; status: string; photos: Photo[] };

/** What the photo routes need to know about a kind of record. */
export type PhotoKind<V extends RecordView> = {
  /** e.g. "receive record" */
  noun: string;
  /** The audit trail's entity type, e.g. receive_record. */
  entityType: string;
  links: PhotoLinks;
  /** The record's status if this caller may see it; throws not found otherwise. */
  visible: (ctx: AppContext, caller: Caller, id: string) => Promise<{ status: string }>;
  /** The record as the API answers it, locked when changing it. */
  load: (tx: Tx, caller: Caller, id: string, lock?: boolean) => Promise<V>;
};

/** Where a photo was taken is personal data the append-only audit trail could not erase: it stays out. */
const auditSnapshot = <V extends RecordView>(r: V) => ({
  ...r,
  photos: r.photos.map(({ latitude: _lat, longitude: _lon, ...photo }) => photo),
});

/** One uploaded file as the multipart reader hands it over. */
export type Upload = { name: string; bytes: Buffer };

const draftsOnly = (status: string, doing: string) =>
  status === 'draft'
    ? undefined
    : unprocessable(`Photos can only be ${doing} while the record is a draft; this record is ${status}.`);

const tooMany = (noun: string, has: number) =>
  unprocessable(
    `A ${noun} holds at most ${PHOTO_MAX_PER_RECORD} photos${has ? `; this one already has ${has}` : ''}. Remove one before adding more.`,
  );

/** The photo operations of one kind of record. */
export function photoService<V extends RecordView>(kind: PhotoKind<V>) {
  const repo = kind.links;
  return { addPhotos, removePhoto, photoContent };

  /**
   * Adds photos to a draft. Checks that can fail cheaply run before the (CPU-heavy) re-encoding, which
   * runs before the transaction so no lock is held meanwhile; the transaction checks again under the
   * record's lock. A photo the record already has (same stored bytes) is not added twice, so a retried
   * upload is harmless: 201 when something was added, 200 when nothing new was.
   */
  async function addPhotos(ctx: AppContext, caller: Caller, id: string, uploads: AsyncIterable<Upload>) {
    const header = await kind.visible(ctx, caller, id);
    const refusal = draftsOnly(header.status, 'added');
    if (refusal) throw refusal;
    const has = (await repo.photosOf(ctx.db, caller.organizationId, [id])).length;
    const timeZone = await timeZoneOf(ctx.db, caller.organizationId);

    const prepared: { name: string; image: PreparedImage; sha256: string }[] = [];
    for await (const upload of uploads) {
      if (has + prepared.length >= PHOTO_MAX_PER_RECORD) throw tooMany(kind.noun, has);
      const image = await preparePhoto(upload.bytes, upload.name, timeZone);
      prepared.push({ name: upload.name, image, sha256: sha256Of(image.bytes) });
    }
    if (prepared.length === 0)
      throw new AppError('validation_failed', 'Choose at least one photo to upload', {
        fields: { 'body.photos': 'Choose at least one photo to upload' },
      });

    return ctx.db.transaction(async (tx) => {
      const before = await kind.load(tx, caller, id, true);
      const late = draftsOnly(before.status, 'added');
      if (late) throw late;
      const current = await repo.photosOf(tx, caller.organizationId, [id]);
      const seen = new Set(current.map((p) => p.file.sha256));
      const fresh = prepared.filter((p) => !seen.has(p.sha256) && seen.add(p.sha256));
      if (fresh.length === 0) return { status: 200 as const, body: before };
      if (current.length + fresh.length > PHOTO_MAX_PER_RECORD) throw tooMany(kind.noun, current.length);
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
      const after = await kind.load(tx, caller, id);
      await logChange(tx, caller, {
        type: 'UPDATE_RECORD',
        entityType: kind.entityType,
        entityId: id,
        description: `Added ${fresh.length === 1 ? 'a photo' : `${fresh.length} photos`} to ${kind.noun} ${after.number}`,
        before: auditSnapshot(before),
        after: auditSnapshot(after),
        referenceId: after.number,
      });
      return { status: 201 as const, body: after };
    });
  }

  /** Removes a photo from a draft; its stored bytes go with it (each upload is its own file). */
  async function removePhoto(ctx: AppContext, caller: Caller, id: string, fileId: string) {
    return ctx.db.transaction(async (tx) => {
      const before = await kind.load(tx, caller, id, true);
      const refusal = draftsOnly(before.status, 'removed');
      if (refusal) throw refusal;
      if (!(await repo.unlinkPhoto(tx, caller.organizationId, id, fileId))) throw notFound('Photo');
      await deleteFile(tx, caller.organizationId, fileId);
      const after = await kind.load(tx, caller, id);
      const removed = before.photos.find((p) => p.id === fileId);
      await logChange(tx, caller, {
        type: 'UPDATE_RECORD',
        entityType: kind.entityType,
        entityId: id,
        description: `Removed a photo${removed?.original_name ? ` (${removed.original_name})` : ''} from ${kind.noun} ${after.number}`,
        before: auditSnapshot(before),
        after: auditSnapshot(after),
        referenceId: after.number,
      });
      return after;
    });
  }

  /** The bytes of a photo or its thumbnail, for whoever may read the record. */
  async function photoContent(
    ctx: AppContext,
    caller: Caller,
    id: string,
    fileId: string,
    part: 'image' | 'thumbnail',
  ) {
    await kind.visible(ctx, caller, id);
    const row = await repo.photoContent(ctx.db, caller.organizationId, id, fileId, part);
    if (!row?.content) throw notFound('Photo');
    return {
      bytes: row.content,
      mime: part === 'image' ? row.mime : THUMBNAIL_MIME,
      etag: `"${row.sha256}${part === 'image' ? '' : '-thumb'}"`,
      position: row.position,
    };
  }
}

/** The name as the phone sent it, without any folder and at a readable length; kept for people only. */
function cleanName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim().slice(0, 200);
  return base || null;
}
