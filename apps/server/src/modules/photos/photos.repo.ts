import { and, asc, eq, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dispatchPhotos, files, productionPhotos, receivePhotos } from '../../db/schema/index.ts';
import { anyUuid, param, shaped } from '../../lib/prepared.ts';
import { fileFacts } from '../files/files.repo.ts';

type Handle = Db | Tx;

type PhotoTable = typeof receivePhotos | typeof productionPhotos | typeof dispatchPhotos;

/**
 * The queries of one kind of record's photos (receive records, production runs, dispatches): which files a record
 * has, in the order they were added, linking and unlinking them, and their bytes. `name` names the
 * prepared list query.
 */
function photoLinks(t: PhotoTable, name: string) {
  function photosQuery(h: Handle, orgId: string | Placeholder, recordIds: readonly string[] | Placeholder) {
    return h
      .select({ recordId: t.recordId, position: t.position, file: fileFacts })
      .from(t)
      .innerJoin(files, eq(files.id, t.fileId))
      .where(and(eq(t.organizationId, orgId), anyUuid(t.recordId, recordIds)))
      .orderBy(asc(t.recordId), asc(t.position));
  }

  /** The photos of these records, in the order they were added; never their bytes. */
  const photosOf = (h: Handle, orgId: string, recordIds: readonly string[]) =>
    photosQuery(h, orgId, recordIds);

  const photosPrepared = shaped(`${name}_of`, (db, _: Record<string, never>, statement) =>
    photosQuery(db, param('orgId'), param('ids')).prepare(statement),
  );

  /** The same, prepared: a list page's photos. */
  const photosOfPage = (db: Db, orgId: string, recordIds: readonly string[]) =>
    photosPrepared(db, {}).execute({ orgId, ids: recordIds });

  async function linkPhoto(
    tx: Tx,
    v: { organizationId: string; recordId: string; fileId: string; position: number },
  ): Promise<void> {
    await tx.insert(t).values(v);
  }

  /** Removes the link; true when the record had that photo. */
  async function unlinkPhoto(tx: Tx, orgId: string, recordId: string, fileId: string): Promise<boolean> {
    const rows = await tx
      .delete(t)
      .where(and(eq(t.organizationId, orgId), eq(t.recordId, recordId), eq(t.fileId, fileId)))
      .returning({ fileId: t.fileId });
    return rows.length > 0;
  }

  /** A photo's stored bytes, or its thumbnail, when it belongs to the record. */
  async function photoContent(
    h: Handle,
    orgId: string,
    recordId: string,
    fileId: string,
    part: 'image' | 'thumbnail',
  ) {
    const [row] = await h
      .select({
        sha256: files.sha256,
        mime: files.mime,
        position: t.position,
        content: part === 'image' ? files.bytes : files.thumbnail,
      })
      .from(t)
      .innerJoin(files, eq(files.id, t.fileId))
      .where(and(eq(t.organizationId, orgId), eq(t.recordId, recordId), eq(t.fileId, fileId)));
    return row;
  }
  return { photosOf, photosOfPage, linkPhoto, unlinkPhoto, photoContent };
}

export type PhotoLinks = ReturnType<typeof photoLinks>;
export const receivePhotoLinks = photoLinks(receivePhotos, 'receive_photos');
export const productionPhotoLinks = photoLinks(productionPhotos, 'production_photos');
export const dispatchPhotoLinks = photoLinks(dispatchPhotos, 'dispatch_photos');
export type PhotoRow = Awaited<ReturnType<PhotoLinks['photosOf']>>[number];
