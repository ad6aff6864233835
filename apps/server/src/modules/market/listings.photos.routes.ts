import multipart from '@fastify/multipart';
import { marketListingSchema, PHOTO_MAX_BYTES, PHOTO_MAX_PER_RECORD } from '@plastrace/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { ACCEPTED_TYPES } from '../files/images.ts';
import { uploadedFiles } from '../photos/photos.routes.ts';
import * as photos from './listings.photos.ts';

const tags = ['Marketplace'];
const params = z.object({ id: z.string().uuid() });
const photoParams = params.extend({ fileId: z.string().uuid() });
type Part = 'image' | 'thumbnail';
type PhotoRequest = FastifyRequest<{ Params: z.infer<typeof photoParams> }>;

/** Sends a photo's bytes; `cache` says who may keep them and for how long. */
function send(req: PhotoRequest, reply: FastifyReply, photo: photos.PhotoContent, part: Part, cache: string) {
  reply.header('cache-control', cache).header('etag', photo.etag);
  if (req.headers['if-none-match'] === photo.etag) return reply.code(304).send();
  const ext = photo.mime.split('/')[1] ?? 'img';
  const name = `listing-photo-${photo.position}${part === 'thumbnail' ? '-thumbnail' : ''}.${ext}`;
  return reply
    .type(photo.mime)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .send(photo.bytes);
}

/** /api/market/listings/:id/photos: registered inside the members' listing routes (same authentication). */
export const listingPhotoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: {
      fileSize: PHOTO_MAX_BYTES,
      files: PHOTO_MAX_PER_RECORD,
      fields: 10,
      fieldSize: 1000,
      parts: 2 * PHOTO_MAX_PER_RECORD + 10,
    },
  });

  app.post(
    '/market/listings/:id/photos',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: `Adds photos to your listing (multipart/form-data; ${ACCEPTED_TYPES()}, at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB each and ${PHOTO_MAX_PER_RECORD} per listing)`,
        description:
          'Each photo is re-encoded without EXIF (no GPS position leaves with it) and given a thumbnail. Not on a closed listing (422). A photo the listing already has is not added again (200 instead of 201).',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: marketListingSchema, 201: marketListingSchema },
      },
    },
    async (req, reply) => {
      const out = await photos.addPhotos(ctx, callerOf(req), req.params.id, uploadedFiles(req, 'listing'));
      return reply.code(out.status).send(out.body);
    },
  );

  app.delete(
    '/market/listings/:id/photos/:fileId',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'Removes a photo from your listing',
        params: photoParams,
        response: { 200: marketListingSchema },
      },
    },
    async (req) => photos.removePhoto(ctx, callerOf(req), req.params.id, req.params.fileId),
  );

  // A file id never gets other bytes; private: behind a session, and the listing may close.
  const serve = (part: Part) => async (req: PhotoRequest, reply: FastifyReply) => {
    const photo = await photos.memberPhoto(ctx, callerOf(req), req.params.id, req.params.fileId, part);
    reply.header('vary', 'Authorization');
    return send(req, reply, photo, part, 'private, max-age=3600');
  };
  for (const [suffix, part, summary] of [
    ['', 'image', 'A listing’s photo (metadata-free): your own listing’s, or an active one’s'],
    ['/thumbnail', 'thumbnail', 'A listing photo’s thumbnail (WebP, at most 320 px)'],
  ] as const)
    app.get(
      `/market/listings/:id/photos/:fileId${suffix}`,
      { schema: { 'x-permission': 'market.read', tags, summary, params: photoParams } },
      serve(part),
    );
};

/** /api/public/market/listings/:id/photos: an active listing's photos for anyone, rate limited per address. */
export const publicListingPhotoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Short-lived: a listing that closes should stop showing its photos soon, in caches too.
  const serve = (part: Part) => async (req: PhotoRequest, reply: FastifyReply) => {
    const photo = await photos.publicPhoto(ctx, req.ip, req.params.id, req.params.fileId, part);
    return send(req, reply, photo, part, 'public, max-age=300');
  };
  for (const [suffix, part, summary] of [
    ['', 'image', 'An active listing’s photo (metadata-free)'],
    ['/thumbnail', 'thumbnail', 'An active listing photo’s thumbnail (WebP, at most 320 px)'],
  ] as const)
    app.get(
      `/public/market/listings/:id/photos/:fileId${suffix}`,
      { schema: { 'x-permission': 'public', tags, summary, params: photoParams } },
      serve(part),
    );
};
