import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, type OrganizationLogo } from '@plastrace/shared';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as activity from '../activity/activity.repo.ts';
import { deleteFile } from '../files/files.repo.ts';
import { MAX_PIXELS, sniffImage } from '../files/images.ts';
import { audit } from '../security/security.repo.ts';
import * as repo from './logo.repo.ts';

// The organization's logo, printed on its waste diversion certificates: a PNG or a JPEG, checked by its
// content, re-encoded without metadata and at most LOGO_MAX_SIDE pixels on a side (what an A4 header
// needs), kept in `files` like photos.

const MB = LOGO_MAX_BYTES / (1024 * 1024);
const refused = (message: string) => new AppError('unsupported_media_type', message);

export const logoTooLarge = () =>
  new AppError('payload_too_large', `The logo is larger than ${MB} MB. Send a smaller PNG or JPEG.`);

/** Checks and re-encodes an uploaded logo (PNG stays PNG, keeping its transparency). */
export async function prepareLogo(input: Buffer): Promise<repo.LogoImage> {
  if (input.length > LOGO_MAX_BYTES) throw logoTooLarge();
  const kind = sniffImage(input);
  if (kind !== 'png' && kind !== 'jpeg') throw refused('The logo must be a PNG or JPEG image.');
  try {
    const meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
    if (meta.format !== kind) throw refused('The logo must be a PNG or JPEG image.');
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS)
      throw new AppError('payload_too_large', 'The logo has too many pixels; send a smaller image.');
    const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded = kind === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: `image/${kind}`, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('validation_failed', 'The logo could not be read as an image; it may be damaged.');
  }
}

async function logged(
  tx: Parameters<typeof repo.putLogo>[0],
  caller: Caller,
  action: 'updated' | 'removed',
  after: unknown,
) {
  await audit(tx, {
    organizationId: caller.organizationId,
    actorUserId: caller.userId,
    action: `organization.logo_${action}`,
    entityType: 'organization',
    entityId: caller.organizationId,
    after,
  });
  await activity.insertEntry(tx, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    transactionType: 'UPDATE_SETTINGS',
    description: action === 'updated' ? 'Changed the organization’s logo' : 'Removed the organization’s logo',
    metadata: { settingType: 'organization_logo' },
  });
}

/** Replaces the logo (the old file goes with it). */
export async function putLogo(ctx: AppContext, caller: Caller, upload: Buffer | undefined) {
  if (!upload)
    throw new AppError('validation_failed', 'Choose a PNG or JPEG image for the logo', {
      fields: { 'body.logo': 'Choose a PNG or JPEG image for the logo' },
    });
  const image = await prepareLogo(upload);
  return ctx.db.transaction(async (tx): Promise<OrganizationLogo> => {
    const put = await repo.putLogo(tx, caller.organizationId, caller.userId, image);
    if (put.replaced) await deleteFile(tx, caller.organizationId, put.replaced);
    const logo = {
      mime: image.mime,
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      updated_at: put.updatedAt,
    };
    await logged(tx, caller, 'updated', { file_id: put.fileId, ...logo });
    return logo;
  });
}

/** The logo, or null when none is set. */
export async function logoImage(ctx: AppContext, caller: Caller) {
  return (await repo.logoContent(ctx.db, caller.organizationId)) ?? null;
}

export async function removeLogo(ctx: AppContext, caller: Caller) {
  await ctx.db.transaction(async (tx) => {
    const fileId = await repo.removeLogo(tx, caller.organizationId);
    if (!fileId) throw notFound('Logo');
    await deleteFile(tx, caller.organizationId, fileId);
    await logged(tx, caller, 'removed', null);
  });
}
