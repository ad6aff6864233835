import { READINGS_BATCH_MAX } from '@plastrace/shared';

/** The readings topic's shape: plastrace/devices/{device id}/readings. */
const READINGS_TOPIC =
  /^plastrace\/devices\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/readings$/i;
const RESULTS_TOPIC =
  /^plastrace\/devices\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/readings\/results$/i;

/** The device a readings topic names, or null for any other topic. */
export const deviceOfReadingsTopic = (topic: string): string | null =>
  READINGS_TOPIC.exec(topic)?.[1]?.toLowerCase() ?? null;
export const deviceOfResultsTopic = (topic: string): string | null =>
  RESULTS_TOPIC.exec(topic)?.[1]?.toLowerCase() ?? null;

export type ParsedPayload = { readings: unknown[]; key: string | undefined } | { error: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A message's readings: one reading, an array of them, or `{readings: [...]}`; the device is the topic's
 * (a reading naming another is refused). Through an external broker the device's key travels in the
 * message as `key` (beside `readings`, or in the single reading), since that broker authenticated the
 * connection, not the device.
 */
export function parsePayload(payload: Buffer, deviceId: string): ParsedPayload {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return { error: 'The payload is not JSON' };
  }
  let items: unknown[];
  let key: unknown;
  if (Array.isArray(body)) items = body;
  else if (isObject(body) && Array.isArray(body.readings)) {
    items = body.readings;
    key = body.key;
  } else if (isObject(body)) {
    const { key: k, ...reading } = body;
    items = [reading];
    key = k;
  } else return { error: 'The payload is a reading, an array of readings or {"readings": [...]}' };
  if (!items.length) return { error: 'The payload holds no readings' };
  if (items.length > READINGS_BATCH_MAX)
    return { error: `At most ${READINGS_BATCH_MAX} readings per message` };
  const readings = items.map((item) => {
    if (!isObject(item)) return item;
    const { device_id, ...rest } = item;
    return device_id === undefined ? { device_id: deviceId, ...rest } : { device_id, ...rest };
  });
  // The topic is what the broker authorized: a message may not write for another device.
  const other = readings.some((r) => isObject(r) && String(r.device_id).toLowerCase() !== deviceId);
  if (other) return { error: 'A reading names another device than the topic' };
  return { readings, key: typeof key === 'string' ? key : undefined };
}
