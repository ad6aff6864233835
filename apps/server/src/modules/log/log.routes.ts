import {
  consistencyProofSchema,
  consistencyQuerySchema,
  inclusionProofSchema,
  inclusionQuerySchema,
  type LogBundle,
  type LogBundleForm,
  logBundleQuerySchema,
  logBundleSchema,
  logCheckpointListQuerySchema,
  logCheckpointSchema,
  logEntriesQuerySchema,
  logHistorySchema,
  logLeafQuerySchema,
  logLeafSchema,
  logPublicKeySchema,
  logRecordParamsSchema,
} from '@plastrace/shared';
import { COMPACT_BUNDLE_MEDIA_TYPE, encodeCompactBundle } from '@plastrace/verify';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import * as service from './log.service.ts';
import type { LogSigner } from './signer.ts';

const tags = ['record log'];
const common = { 'x-permission': 'public' as const, tags };

/**
 * /api/log: the verifiable record log, public — anyone may check a record without an account or trust
 * in us (docs/architecture.md, "Record log").
 */
export const logRoutes: FastifyPluginAsyncZod<{ db: Db; signer: LogSigner }> = async (
  app,
  { db, signer },
) => {
  app.get(
    '/log/public-key',
    {
      schema: {
        ...common,
        summary: 'The key checkpoints are signed with, as a verifier key (note format)',
        response: { 200: logPublicKeySchema },
      },
    },
    async () => ({ origin: signer.origin, key: signer.vkey, algorithm: 'Ed25519' as const }),
  );

  app.get(
    '/log/checkpoint',
    {
      schema: {
        ...common,
        summary: 'The latest signed checkpoint (tree size, root hash, signed note)',
        response: { 200: logCheckpointSchema },
      },
    },
    async () => service.latest(db),
  );

  app.get(
    '/log/checkpoints',
    {
      schema: {
        ...common,
        summary: 'Checkpoints over time, newest first',
        querystring: logCheckpointListQuerySchema,
        response: { 200: z.object({ items: z.array(logCheckpointSchema) }) },
      },
    },
    async (req) => service.checkpoints(db, req.query),
  );

  app.get(
    '/log/entries',
    {
      schema: {
        ...common,
        summary: 'Leaf hashes by index range (at most 1,000), to rebuild and monitor the tree',
        querystring: logEntriesQuerySchema,
        response: { 200: z.object({ tree_size: z.number().int(), items: z.array(logLeafSchema) }) },
      },
    },
    async (req) => service.leaves(db, req.query.start, req.query.end),
  );

  app.get(
    '/log/leaf',
    {
      schema: {
        ...common,
        summary: 'One leaf, by index or by hash',
        querystring: logLeafQuerySchema,
        response: { 200: logLeafSchema },
      },
    },
    async (req) => service.leaf(db, req.query),
  );

  app.get(
    '/log/proofs/inclusion',
    {
      schema: {
        ...common,
        summary: 'The inclusion proof of a leaf in a signed tree (RFC 9162 §2.1.3)',
        querystring: inclusionQuerySchema,
        response: { 200: inclusionProofSchema },
      },
    },
    async (req) => service.inclusionProof(db, req.query.index, req.query.tree_size),
  );

  app.get(
    '/log/proofs/consistency',
    {
      schema: {
        ...common,
        summary: 'The consistency proof between two signed trees (RFC 9162 §2.1.4)',
        querystring: consistencyQuerySchema,
        response: { 200: consistencyProofSchema },
      },
    },
    async (req) => service.consistencyProof(db, req.query.from, req.query.to),
  );

  app.get(
    '/log/records/:type/:id',
    {
      schema: {
        ...common,
        summary:
          'The verification bundle of a record’s latest logged version: public snapshot, entry, leaf index, inclusion proof, checkpoint',
        params: logRecordParamsSchema,
        querystring: logBundleQuerySchema,
        response: { 200: logBundleSchema },
      },
    },
    async (req, reply) =>
      answer(reply, req.query.form, await service.bundle(db, req.params.type, req.params.id)),
  );

  const idOnly = z.object({ id: z.string().uuid() });
  app.get(
    '/log/records/:id',
    {
      schema: {
        ...common,
        summary: 'The same bundle by the record’s id alone (ids are unique across record types)',
        params: idOnly,
        querystring: logBundleQuerySchema,
        response: { 200: logBundleSchema },
      },
    },
    async (req, reply) => answer(reply, req.query.form, await service.bundle(db, undefined, req.params.id)),
  );

  app.get(
    '/log/records/:id/versions/:version',
    {
      schema: {
        ...common,
        summary: 'The bundle of one logged version of a record, with that version’s snapshot',
        params: idOnly.extend({ version: z.coerce.number().int().min(1) }),
        querystring: logBundleQuerySchema,
        response: { 200: logBundleSchema },
      },
    },
    async (req, reply) =>
      answer(reply, req.query.form, await service.bundle(db, undefined, req.params.id, req.params.version)),
  );

  app.get(
    '/log/records/:id/history',
    {
      schema: {
        ...common,
        summary: 'Every logged version of a record, by its id alone',
        params: idOnly,
        response: { 200: logHistorySchema },
      },
    },
    async (req) => service.history(db, undefined, req.params.id),
  );

  app.get(
    '/log/records/:type/:id/history',
    {
      schema: {
        ...common,
        summary: 'Every logged version of a record, oldest first, with its leaf once placed',
        params: logRecordParamsSchema,
        response: { 200: logHistorySchema },
      },
    },
    async (req) => service.history(db, req.params.type, req.params.id),
  );
};

/**
 * A bundle as asked: the JSON, or its compact bytes as a .ptlb download. Buffers skip the response
 * schema's serializer, so the compact form is sent as it is encoded.
 */
function answer(reply: FastifyReply, form: LogBundleForm, bundle: LogBundle) {
  if (form === 'json') return bundle;
  const { type, id, version } = bundle.entry;
  return reply
    .type(COMPACT_BUNDLE_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="plastrace-${type}-${id}-v${version}.ptlb"`)
    .send(Buffer.from(encodeCompactBundle(bundle)));
}
