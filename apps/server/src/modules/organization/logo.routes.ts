import multipart from '@fastify/multipart';
import { LOGO_MAX_BYTES, organizationLogoSchema } from '@plastrace/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './logo.service.ts';

const tags = ['organization'];

/** The first file of the multipart body, whatever its field's name; undefined when it has none. */
async function uploaded(req: FastifyRequest): Promise<Buffer | undefined> {
  try {
    const part = await req.file();
    return part ? await part.toBuffer() : undefined;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw service.logoTooLarge();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('unsupported_media_type', 'Send the logo as multipart/form-data.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('payload_too_large', 'Send one image, the logo, and nothing else.');
    throw err;
  }
}

/**
 * /api/organization/logo: the logo printed on the organization's certificates. Registered inside the
 * organization routes (their session), with multipart parsing only here.
 */
export const logoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  app.put(
    '/organization/logo',
    {
      schema: {
        'x-permission': 'organization.manage',
        tags,
        summary:
          'Sets the logo printed on certificates (multipart/form-data, one PNG or JPEG of at most 1 MB; any field name)',
        description:
          'Checked by its content, re-encoded without metadata, at most 600 px on a side; replaces the previous logo.',
        consumes: ['multipart/form-data'],
        response: { 200: organizationLogoSchema },
      },
    },
    async (req) => service.putLogo(ctx, callerOf(req), await uploaded(req)),
  );

  app.get(
    '/organization/logo',
    {
      schema: {
        'x-permission': 'organization.read',
        tags,
        summary: 'The logo (PNG or JPEG); 204 without a body when none is set',
        produces: ['image/png', 'image/jpeg'],
      },
    },
    async (req, reply) => {
      const logo = await service.logoImage(ctx, callerOf(req));
      // No logo is an answer, not an error: the settings page asks on every visit.
      if (!logo) return reply.header('cache-control', 'private, no-store').code(204).send();
      const etag = `"${logo.sha256}"`;
      // Revalidated each time: the logo may change, and its ETag says whether it did.
      reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization').header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .type(logo.mime)
        .header('content-disposition', `inline; filename="logo.${logo.mime === 'image/png' ? 'png' : 'jpg'}"`)
        .send(logo.bytes);
    },
  );

  app.delete(
    '/organization/logo',
    {
      schema: {
        'x-permission': 'organization.manage',
        tags,
        summary: 'Removes the logo (certificates then print without one); 404 when none is set',
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (req, reply) => {
      await service.removeLogo(ctx, callerOf(req));
      return reply.code(204).send(null);
    },
  );
};
