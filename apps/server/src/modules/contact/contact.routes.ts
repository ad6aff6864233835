import { contactBodySchema, contactInfoSchema, contactReceiptSchema } from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_SUPPORT_EMAIL } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import * as service from './contact.service.ts';

type Opts = { ctx: AppContext; supportEmail?: string | undefined };
const tags = ['contact'];

/** The public contact form (spec §1: beta support through a contact form); no session needed. */
export const contactRoutes: FastifyPluginAsyncZod<Opts> = async (
  app,
  { ctx, supportEmail = DEFAULT_SUPPORT_EMAIL },
) => {
  app.get(
    '/contact',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Where contact-form messages go',
        response: { 200: contactInfoSchema },
      },
    },
    async () => ({ support_email: supportEmail }),
  );

  app.post(
    '/contact',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Sends a message to PlasTrace support; the sender gets a receipt by email',
        description: 'Limited to 5 messages an hour per client address and 5 a day per email address (429).',
        body: contactBodySchema,
        response: { 201: contactReceiptSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.submit(ctx, supportEmail, req.body, { ip: req.ip })),
  );
};
