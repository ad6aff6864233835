import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { PreparedImage } from './images.ts';

// Files live in PostgreSQL (docs/architecture.md: The shape); an object store can replace this repo behind the same calls.

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every column but the bytes: what lists and record views show. */
export const fileFacts = {
  id: files.id,
  sha256: files.sha256,
  mime: files.mime,
  size: files.size,
  originalName: files.originalName,
  capturedAt: files.capturedAt,
  latitude: files.latitude,
  longitude: files.longitude,
  createdAt: files.createdAt,
};

export async function insertImage(
  tx: Tx,
  f: { organizationId: string; createdBy: string; originalName: string | null; image: PreparedImage },
): Promise<string> {
  const [row] = await tx
    .insert(files)
    .values({
      organizationId: f.organizationId,
      sha256: sha256Of(f.image.bytes),
      mime: f.image.mime,
      size: f.image.bytes.length,
      bytes: f.image.bytes,
      thumbnail: f.image.thumbnail,
      originalName: f.originalName,
      capturedAt: f.image.capturedAt,
      latitude: f.image.latitude,
      longitude: f.image.longitude,
      createdBy: f.createdBy,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row.id;
}

export async function deleteFile(tx: Tx, orgId: string, id: string): Promise<void> {
  await tx.delete(files).where(and(eq(files.organizationId, orgId), eq(files.id, id)));
}
