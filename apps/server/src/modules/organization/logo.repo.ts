import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sha256Of } from '../files/files.repo.ts';

// The organization's logo: one image in `files`, named by `organization_logos` (one row per organization).

type Handle = Db | Tx;

export type LogoImage = { bytes: Buffer; mime: 'image/png' | 'image/jpeg'; width: number; height: number };

/** The logo's bytes, with the digest that names this version of it. */
export async function logoContent(h: Handle, orgId: string) {
  const res = await h.execute<{ bytes: Buffer; mime: string; sha256: string }>(
    sql`SELECT f.bytes, f.mime, f.sha256 FROM organization_logos l JOIN files f ON f.id = l.file_id
        WHERE l.organization_id = ${orgId}`,
  );
  return res.rows[0];
}

/**
 * Stores the image and points the organization's logo at it; answers the file it replaced, if any, so
 * the caller can drop it. The organization's row is the lock: two uploads take turns.
 */
export async function putLogo(tx: Tx, orgId: string, userId: string, image: LogoImage) {
  const [previous] = (
    await tx.execute<{ file_id: string }>(
      sql`SELECT l.file_id FROM organizations o LEFT JOIN organization_logos l ON l.organization_id = o.id
          WHERE o.id = ${orgId} FOR UPDATE OF o`,
    )
  ).rows;
  const [file] = (
    await tx.execute<{ id: string }>(
      sql`INSERT INTO files (id, organization_id, sha256, mime, size, bytes, original_name, created_by)
          VALUES (pt_uuid7(), ${orgId}, ${sha256Of(image.bytes)}, ${image.mime}, ${image.bytes.length},
                  ${image.bytes}, 'logo', ${userId})
          RETURNING id`,
    )
  ).rows;
  if (!file) throw new Error('logo file insert returned nothing');
  const [logo] = (
    await tx.execute<{ updated_at: string }>(
      sql`INSERT INTO organization_logos (organization_id, file_id, updated_by, updated_at)
          VALUES (${orgId}, ${file.id}, ${userId}, pt_now())
          ON CONFLICT (organization_id) DO UPDATE
            SET file_id = EXCLUDED.file_id, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
          RETURNING pt_iso(updated_at) AS updated_at`,
    )
  ).rows;
  return { fileId: file.id, replaced: previous?.file_id ?? null, updatedAt: logo?.updated_at ?? '' };
}

/** Removes the logo; answers its file (to drop), or undefined when there was none. */
export async function removeLogo(tx: Tx, orgId: string) {
  const res = await tx.execute<{ file_id: string }>(
    sql`DELETE FROM organization_logos WHERE organization_id = ${orgId} RETURNING file_id`,
  );
  return res.rows[0]?.file_id;
}
