import multipart from '@fastify/multipart';
import { type Action, PHOTO_MAX_BYTES, PHOTO_MAX_PER_RECORD } from '@plastrace/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { ACCEPTED_TYPES } from '../files/images.ts';
import type { photoService, Upload } from './photos.service.ts';

const MB = PHOTO_MAX_BYTES / (1024 * 1024);
const recordParams = z.object({ id: z.string().uuid() });
const photoParams = recordParams.extend({ fileId: z.string().uuid() });

/** Multipart failures in words a person at the weighbridge understands, in the project's error shape. */
function uploadError(err: unknown, noun: string): unknown {
  const e = err as { code?: string; part?: { filename?: string } };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'payload_too_large',
        `“${e.part?.filename || 'The photo'}” is larger than ${MB} MB. Take it at a lower resolution or send a smaller copy.`,
      );
    case 'FST_FILES_LIMIT':
      return new AppError(
        'unprocessable',
        `A ${noun} holds at most ${PHOTO_MAX_PER_RECORD} photos; send fewer at a time.`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', 'The upload has too many parts; send only photos.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', 'Send the photos as multipart/form-data.');
    default:
      return err;
  }
}

/** The request's files one at a time, so at most one raw upload is held in memory while the others wait. */
export async function* uploadedFiles(req: FastifyRequest, noun: string): AsyncGenerator<Upload> {
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      yield { name: part.filename || 'photo', bytes };
    }
  } catch (err) {
    throw uploadError(err, noun);
  }
}

/** Where a kind of record's photo routes live and who may call them. */
export type PhotoRoutes = {
  /** e.g. /receive-records */
  path: string;
  tags: string[];
  noun: string;
  permissions: { read: Action; write: Action };
  /** The record as the API answers it (after adding or removing a photo). */
  view: z.ZodType;
  service: ReturnType<typeof photoService>;
};

/**
 * The photo routes of one kind of record, registered inside its routes (same authentication), with
 * multipart parsing only here.
 */
export const photoRoutes =
  (o: PhotoRoutes): FastifyPluginAsyncZod<{ ctx: AppContext }> =>
  async (app, { ctx }) => {
    const { path, tags, noun, permissions, service } = o;
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
      `${path}/:id/photos`,
      {
        schema: {
          'x-permission': permissions.write,
          tags,
          summary: `Adds photos to a draft (multipart/form-data, any field name; ${ACCEPTED_TYPES()}, at most ${MB} MB each and ${PHOTO_MAX_PER_RECORD} per record)`,
          description:
            'Each photo is checked by its content, turned upright, re-encoded without EXIF or other metadata, and given a thumbnail. The capture time and GPS position from its EXIF are kept as fields. A photo the record already has is not added again (200 instead of 201).',
          consumes: ['multipart/form-data'],
          params: recordParams,
          response: { 200: o.view, 201: o.view },
        },
      },
      async (req, reply) => {
        const out = await service.addPhotos(ctx, callerOf(req), req.params.id, uploadedFiles(req, noun));
        return reply.code(out.status).send(out.body);
      },
    );

    app.delete(
      `${path}/:id/photos/:fileId`,
      {
        schema: {
          'x-permission': permissions.write,
          tags,
          summary: 'Removes a photo from a draft',
          params: photoParams,
          response: { 200: o.view },
        },
      },
      async (req) => service.removePhoto(ctx, callerOf(req), req.params.id, req.params.fileId),
    );

    const serve =
      (part: 'image' | 'thumbnail') =>
      async (req: FastifyRequest<{ Params: z.infer<typeof photoParams> }>, reply: FastifyReply) => {
        const { id, fileId } = req.params;
        const photo = await service.photoContent(ctx, callerOf(req), id, fileId, part);
        // A file id never gets other bytes, so the browser may keep it; private: it is behind a session.
        reply
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('vary', 'Authorization')
          .header('etag', photo.etag);
        if (req.headers['if-none-match'] === photo.etag) return reply.code(304).send();
        const ext = photo.mime.split('/')[1] ?? 'img';
        const name = `photo-${photo.position}${part === 'thumbnail' ? '-thumbnail' : ''}.${ext}`;
        return reply
          .type(photo.mime)
          .header('content-disposition', `inline; filename="${name}"`)
          .send(photo.bytes);
      };

    app.get(
      `${path}/:id/photos/:fileId`,
      {
        schema: {
          'x-permission': permissions.read,
          tags,
          summary: 'The stored photo (metadata-free)',
          params: photoParams,
        },
      },
      serve('image'),
    );
    app.get(
      `${path}/:id/photos/:fileId/thumbnail`,
      {
        schema: {
          'x-permission': permissions.read,
          tags,
          summary: 'The photo’s thumbnail (WebP, at most 320 px)',
          params: photoParams,
        },
      },
      serve('thumbnail'),
    );
  };
