import { and, asc, eq, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { files, receivePhotos } from '../../db/schema/index.ts';
import { anyUuid, param, shaped } from '../../lib/prepared.ts';
import { fileFacts } from '../files/files.repo.ts';

type Handle = Db | Tx;

function photosQuery(h: Handle, orgId: string | Placeholder, recordIds: readonly string[] | Placeholder) {
  return h
    .select({ recordId: receivePhotos.recordId, position: receivePhotos.position, file: fileFacts })
    .from(receivePhotos)
    .innerJoin(files, eq(files.id, receivePhotos.fileId))
    .where(and(eq(receivePhotos.organizationId, orgId), anyUuid(receivePhotos.recordId, recordIds)))
    .orderBy(asc(receivePhotos.recordId), asc(receivePhotos.position));
}

/** The photos of these records, in the order they were added; never their bytes. */
export const photosOf = (h: Handle, orgId: string, recordIds: readonly string[]) =>
  photosQuery(h, orgId, recordIds);

const photosPrepared = shaped('receive_photos_of', (db, _: Record<string, never>, name) =>
  photosQuery(db, param('orgId'), param('ids')).prepare(name),
);

/** The same, prepared: a list page's photos. */
export const photosOfPage = (db: Db, orgId: string, recordIds: readonly string[]) =>
  photosPrepared(db, {}).execute({ orgId, ids: recordIds });
export type PhotoRow = Awaited<ReturnType<typeof photosOf>>[number];

export async function linkPhoto(
  tx: Tx,
  v: { organizationId: string; recordId: string; fileId: string; position: number },
): Promise<void> {
  await tx.insert(receivePhotos).values(v);
}

/** Removes the link; true when the record had that photo. */
export async function unlinkPhoto(tx: Tx, orgId: string, recordId: string, fileId: string): Promise<boolean> {
  const rows = await tx
    .delete(receivePhotos)
    .where(
      and(
        eq(receivePhotos.organizationId, orgId),
        eq(receivePhotos.recordId, recordId),
        eq(receivePhotos.fileId, fileId),
      ),
    )
    .returning({ fileId: receivePhotos.fileId });
  return rows.length > 0;
}

/** A photo's stored bytes, or its thumbnail, when it belongs to the record. */
export async function photoContent(
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
      position: receivePhotos.position,
      content: part === 'image' ? files.bytes : files.thumbnail,
    })
    .from(receivePhotos)
    .innerJoin(files, eq(files.id, receivePhotos.fileId))
    .where(
      and(
        eq(receivePhotos.organizationId, orgId),
        eq(receivePhotos.recordId, recordId),
        eq(receivePhotos.fileId, fileId),
      ),
    );
  return row;
}
