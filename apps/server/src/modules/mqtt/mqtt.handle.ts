import type { ReadingsIngestResult } from '@plastrace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { verifyApiKey } from '../api-keys/api-keys.verify.ts';
import { ingestReadings } from '../readings/readings.ingest.ts';
import { parsePayload } from './mqtt.payload.ts';

/** What a message's results topic gets: the batch's results, or why the whole message was refused. */
export type MessageResults = ReadingsIngestResult | { error: string };

export type Outcome = {
  /** The connection's key is no longer valid (embedded broker): the connection is closed. */
  revoked?: boolean;
  /** Published on the results topic; absent when the message is not this installation's to answer. */
  results?: MessageResults;
};

/**
 * One MQTT message of readings, from either broker: the same ingest as HTTP. On the embedded broker the
 * key is the connection's (`secret`); through an external broker it is the message's own `key`, and a
 * message without a key of this installation is left alone (another installation may share the broker).
 * Refusals are logged with the device and the reason, never the key.
 */
export async function handleReadings(
  db: Db,
  log: FastifyBaseLogger,
  msg: { deviceId: string; payload: Buffer; secret?: string; embedded: boolean },
): Promise<Outcome> {
  const parsed = parsePayload(msg.payload, msg.deviceId);
  const key = await verifyApiKey(
    db,
    msg.embedded ? (msg.secret ?? '') : 'error' in parsed ? '' : (parsed.key ?? ''),
  );
  if (!key?.scopes.includes('ingest')) {
    if (msg.embedded) return { revoked: true };
    log.warn({ deviceId: msg.deviceId }, 'mqtt: message without a valid ingest key ignored');
    return {};
  }
  if ('error' in parsed) {
    log.warn({ deviceId: msg.deviceId, problem: parsed.error }, 'mqtt: message refused');
    return { results: { error: parsed.error } };
  }
  if (key.deviceId && key.deviceId !== msg.deviceId) {
    const error = 'This API key may send readings only for its own device';
    log.warn({ deviceId: msg.deviceId, keyId: key.keyId }, `mqtt: ${error}`);
    return { results: { error } };
  }
  const results = await ingestReadings(db, key.organizationId, parsed.readings, {
    from: { apiKeyId: key.keyId },
    deviceId: key.deviceId,
  });
  if (results.rejected) {
    const first = results.results.find((r) => r.status === 'rejected');
    log.warn(
      { deviceId: msg.deviceId, rejected: results.rejected, first: first?.message },
      'mqtt: readings rejected',
    );
  }
  return { results };
}
