import multipart from '@fastify/multipart';
import {
  type DispatchRecord,
  deliveryInputSchema,
  dispatchRecordSchema,
  PHOTO_MAX_BYTES,
} from '@plastrace/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Caller, callerOf } from '../../plugins/auth.ts';
import { fieldErrors } from '../../plugins/errors.ts';
import { deleteFile, insertImage } from '../files/files.repo.ts';
import { ACCEPTED_TYPES, type PreparedImage, preparePhoto } from '../files/images.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { answered, type Outcome, type Refusal } from '../posting/posting.ts';
import { checkedKey, idempotencyHeaders, idempotencyKeyOf, requestHash } from '../security/idempotency.ts';
import * as repo from './dispatch.repo.ts';

// Proof of delivery: the customer's weight, the receiver's name and their signature (drawn on the
// driver's phone) or a photo of the signed receipt, sent as one multipart form. The files and the
// record's change commit together: a refused delivery leaves no file behind.

const FILE_FIELDS = ['signature', 'photo'] as const;
type FileField = (typeof FILE_FIELDS)[number];
/** The proof of delivery as sent: the form's text fields and its files. */
export type Proof = {
  fields: Record<string, string>;
  files: Partial<Record<FileField, { name: string; bytes: Buffer }>>;
};

async function readForm(req: FastifyRequest): Promise<Proof> {
  const proof: Proof = { fields: {}, files: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const field = part.fieldname as FileField;
        const bytes = await part.toBuffer();
        if (FILE_FIELDS.includes(field)) proof.files[field] = { name: part.filename || field, bytes };
      } else if (typeof part.value === 'string') {
        // The multipart reader cuts an over-long field without saying so: refuse it rather than store less.
        if (part.valueTruncated)
          throw new AppError('validation_failed', 'Some fields are invalid', {
            fields: { [`body.${part.fieldname}`]: 'This text is too long' },
          });
        proof.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', `A file is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('unsupported_media_type', 'Send the proof of delivery as multipart/form-data.');
    throw err;
  }
  return proof;
}

/** Records a proof of delivery (the route's, and the demo seed's). */
export async function recordDelivery(
  ctx: AppContext,
  caller: Caller,
  id: string,
  proof: Proof,
  idempotencyKey?: string,
): Promise<Outcome<DispatchRecord>> {
  const parsed = deliveryInputSchema.safeParse(proof.fields);
  if (!parsed.success)
    throw new AppError('validation_failed', 'Some fields are invalid', {
      fields: fieldErrors(
        'body',
        parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
      ),
    });
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);
  // Re-encoded before the transaction (CPU-heavy), so no lock is held meanwhile.
  const images: Partial<Record<FileField, PreparedImage>> = {};
  for (const field of FILE_FIELDS) {
    const file = proof.files[field];
    if (file) images[field] = await preparePhoto(file.bytes, file.name, timeZone);
  }
  return ctx.db.transaction(async (tx) => {
    const stored: Partial<Record<FileField, string>> = {};
    for (const field of FILE_FIELDS) {
      const image = images[field];
      if (image)
        stored[field] = await insertImage(tx, {
          organizationId: caller.organizationId,
          createdBy: caller.userId,
          originalName: `${field}-${id}`,
          image,
        });
    }
    const delivery = {
      ...parsed.data,
      signature_file_id: stored.signature ?? null,
      photo_file_id: stored.photo ?? null,
    };
    const out = await repo.deliver<Outcome<DispatchRecord> | Refusal>(tx, {
      organization_id: caller.organizationId,
      user_id: caller.userId,
      route: `dispatch-records:delivery:${id}`,
      key: checkedKey(idempotencyKey),
      // The same form sent again is the same request; the stored file ids differ per attempt.
      hash: requestHash({ id, ...parsed.data, signature: !!images.signature, photo: !!images.photo }),
      id,
      delivery,
    });
    const answer = answered(out);
    // A replayed key answers the first delivery: the files this attempt stored are nobody's.
    const named = [answer.body.delivery?.signature_url, answer.body.delivery?.photo_url];
    for (const fileId of Object.values(stored))
      if (!named.some((url) => url?.endsWith(fileId))) await deleteFile(tx, caller.organizationId, fileId);
    return answer;
  });
}

const params = z.object({ id: z.string().uuid() });

export const proofRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; tags: string[] }> = async (
  app,
  { ctx, tags },
) => {
  await app.register(multipart, {
    // fieldSize counts bytes: 2,000 characters of notes may take up to 4 bytes each.
    limits: { fileSize: PHOTO_MAX_BYTES, files: 2, fields: 10, fieldSize: 8000, parts: 12 },
  });

  app.post(
    '/dispatch-records/:id/delivery',
    {
      schema: {
        'x-permission': 'dispatch.write',
        tags,
        summary: `Records the proof of delivery (multipart/form-data: delivered_at, received_kg, receiver_name, notes; files “signature” and/or “photo”, ${ACCEPTED_TYPES()})`,
        description:
          'Once per posted dispatch. A difference between shipped and received beyond the organization’s weighing tolerance opens a discrepancy for a manager to settle.',
        consumes: ['multipart/form-data'],
        headers: idempotencyHeaders,
        params,
        response: { 200: dispatchRecordSchema },
      },
    },
    async (req, reply) => {
      const proof = await readForm(req);
      const out = await recordDelivery(ctx, callerOf(req), req.params.id, proof, idempotencyKeyOf(req));
      return reply.code(out.status as 200).send(out.body);
    },
  );

  app.get(
    '/dispatch-records/:id/proof/:fileId',
    {
      schema: {
        'x-permission': 'dispatch.read',
        tags,
        summary: 'The receiver’s signature or the photo of the signed delivery receipt',
        params: params.extend({ fileId: z.string().uuid() }),
      },
    },
    async (req, reply) => {
      const { id, fileId } = req.params;
      const file = await repo.proofContent(ctx.db, callerOf(req).organizationId, id, fileId);
      if (!file) throw notFound('Proof of delivery');
      return reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', `"${file.sha256}"`)
        .type(file.mime)
        .send(file.bytes);
    },
  );
};
