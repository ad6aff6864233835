import {
  READING_KINDS_BY_DEVICE,
  READING_UNITS,
  type ReadingInput,
  type ReadingResult,
  type ReadingsIngestResult,
  readingInputSchema,
} from '@plastrace/shared';
import type { Db } from '../../db/client.ts';
import * as repo from './readings.repo.ts';

/** Clocks of devices drift: a few minutes ahead is still "now" (as lib/errors.ts assertNotFuture). */
const FUTURE_SKEW_MS = 5 * 60_000;
/** A device whose clock was never set reports 1970: refused rather than filed decades back. */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');

// Units as devices write them, mapped to the one each kind is stored in.
const UNIT_ALIASES: Record<string, string> = {
  kg: 'kg',
  kgs: 'kg',
  kwh: 'kWh',
  kw: 'kW',
  'km/h': 'km/h',
  kmh: 'km/h',
  '°c': '°C',
  c: '°C',
  degc: '°C',
  celsius: '°C',
  '%': '%',
  '%rh': '%',
  rh: '%',
};

export type IngestOptions = {
  /** Who sends: stored on every reading (an API key's readings are a device's; a member's are by hand). */
  from: repo.Provenance;
  /** The device an ingest key is bound to: it may write only that device's readings. */
  deviceId?: string | null;
};

type Checked = { ok: true; row: repo.NewReading } | { ok: false; message: string };

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid reading';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** The rules of one reading that need no database, beyond its shape. */
function checkReading(r: ReadingInput, deviceKind: string, now: number): Checked {
  const kinds = READING_KINDS_BY_DEVICE[deviceKind] ?? [];
  if (!kinds.includes(r.kind))
    return {
      ok: false,
      message: `A ${deviceKind.replace('_', ' ')} sends ${kinds.join(' or ')} readings, not ${r.kind}`,
    };
  const at = Date.parse(r.recorded_at);
  if (at > now + FUTURE_SKEW_MS)
    return { ok: false, message: 'recorded_at is more than 5 minutes in the future: check the device clock' };
  if (at < EARLIEST) return { ok: false, message: 'recorded_at is before 2000: the device clock is not set' };
  const unit = READING_UNITS[r.kind];
  const given = r.unit ? UNIT_ALIASES[r.unit.toLowerCase()] : undefined;
  if (r.unit && given !== unit) return { ok: false, message: `Unit mismatch: ${r.kind} is sent in ${unit}` };
  const value = r.value ?? null;
  if (r.kind === 'position') {
    if (r.latitude == null || r.longitude == null)
      return { ok: false, message: 'A position needs latitude and longitude' };
    if (value !== null && value < 0) return { ok: false, message: 'Speed cannot be negative' };
  } else {
    if (value === null) return { ok: false, message: `Missing value: a ${r.kind} reading needs one` };
    if (r.latitude != null || r.longitude != null)
      return { ok: false, message: 'Only position readings carry latitude and longitude' };
    if (r.kind === 'humidity' && (value < 0 || value > 100))
      return { ok: false, message: 'Humidity is 0 to 100 %' };
    if (r.kind === 'energy' && value < 0)
      return { ok: false, message: 'Cumulative energy cannot be negative' };
  }
  if (r.stable != null && r.kind !== 'weight')
    return { ok: false, message: 'Only weight readings say whether they are stable' };
  return {
    ok: true,
    row: {
      deviceId: r.device_id,
      seq: r.seq,
      recordedAt: new Date(at).toISOString(),
      kind: r.kind,
      value,
      unit: value === null ? null : unit,
      stable: r.kind === 'weight' ? (r.stable ?? null) : null,
      latitude: r.latitude ?? null,
      longitude: r.longitude ?? null,
    },
  };
}

const idOf = (raw: unknown): string | null => {
  const v = (raw as { device_id?: unknown } | null)?.device_id;
  return typeof v === 'string' && v.length <= 100 ? v : null;
};
const seqOf = (raw: unknown): number | null => {
  const v = (raw as { seq?: unknown } | null)?.seq;
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : null;
};

/**
 * Stores a batch of readings for an organization: each reading gets its own result (accepted,
 * duplicate — the same device and sequence number already stored, which is no error — or rejected with
 * why). The accepted ones go in one INSERT, and each device is touched once, in one transaction. Late
 * and out-of-order readings are accepted: they land at their recorded_at. HTTP and MQTT both call this.
 */
export async function ingestReadings(
  db: Db,
  organizationId: string,
  readings: readonly unknown[],
  opts: IngestOptions,
): Promise<ReadingsIngestResult> {
  const results: ReadingResult[] = readings.map((raw, index) => ({
    index,
    device_id: idOf(raw),
    seq: seqOf(raw),
    status: 'rejected',
  }));
  const parsed: (ReadingInput | undefined)[] = readings.map((raw, i) => {
    const p = readingInputSchema.safeParse(raw);
    if (p.success) return p.data;
    (results[i] as ReadingResult).message =
      typeof raw === 'object' && raw !== null && !Array.isArray(raw)
        ? firstIssue(p.error)
        : 'A reading is an object';
    return undefined;
  });

  const ids = [...new Set(parsed.flatMap((r) => (r ? [r.device_id] : [])))];
  const devices = new Map(
    ids.length ? (await repo.devicesForIngest(db, organizationId, ids)).map((d) => [d.id, d]) : [],
  );

  const now = Date.now();
  const accepted: { row: repo.NewReading; index: number }[] = [];
  const inBatch = new Map<string, number>();
  const seen = new Set<string>();
  parsed.forEach((r, i) => {
    if (!r) return;
    const result = results[i] as ReadingResult;
    const device = devices.get(r.device_id);
    if (!device) {
      result.message = 'Unknown device';
      return;
    }
    if (opts.deviceId && opts.deviceId !== r.device_id) {
      result.message = 'This API key may send readings only for its own device';
      return;
    }
    if (device.archived) {
      result.message = 'Device is archived';
      return;
    }
    const checked = checkReading(r, device.kind, now);
    if (!checked.ok) {
      result.message = checked.message;
      return;
    }
    seen.add(r.device_id);
    const key = `${r.device_id}:${r.seq}`;
    const first = inBatch.get(key);
    if (first !== undefined) {
      // Sent twice in one batch: the first one counts, as it would across two batches.
      result.status = 'duplicate';
      return;
    }
    inBatch.set(key, i);
    accepted.push({ row: checked.row, index: i });
  });
  // One order for every batch (device, then seq): the unique index and the device rows are then locked in
  // the same order by overlapping batches, which therefore wait for each other instead of deadlocking.
  accepted.sort((a, b) => compareText(a.row.deviceId, b.row.deviceId) || a.row.seq - b.row.seq);
  const rows = accepted.map((a) => a.row);
  const rowIndex = accepted.map((a) => a.index);

  if (seen.size) {
    await db.transaction(async (tx) => {
      const inserted = rows.length ? await repo.insertReadings(tx, organizationId, rows, opts.from) : [];
      const byKey = new Map(inserted.map((r) => [`${r.deviceId}:${r.seq}`, r.id]));
      const stored: (repo.NewReading & { id: number })[] = [];
      rows.forEach((row, k) => {
        const result = results[rowIndex[k] as number] as ReadingResult;
        const id = byKey.get(`${row.deviceId}:${row.seq}`);
        result.status = id === undefined ? 'duplicate' : 'accepted';
        if (id === undefined) return;
        result.reading_id = id;
        stored.push({ ...row, id });
      });
      await repo.touchDevices(tx, organizationId, touches(seen, stored));
    });
  }

  let stored = 0;
  let duplicates = 0;
  for (const r of results) {
    if (r.status === 'accepted') stored++;
    else if (r.status === 'duplicate') duplicates++;
  }
  return { accepted: stored, duplicates, rejected: results.length - stored - duplicates, results };
}

/** Per device seen: its newest stored reading's time and the id range of what this batch stored. */
function touches(seen: Set<string>, inserted: (repo.NewReading & { id: number })[]): repo.DeviceTouch[] {
  const out = new Map<string, repo.DeviceTouch>(
    [...seen].map((d) => [d, { deviceId: d, latestAt: null, fromId: 0, toId: 0 }]),
  );
  for (const r of inserted) {
    const t = out.get(r.deviceId) as repo.DeviceTouch;
    if (t.latestAt === null) {
      t.latestAt = r.recordedAt;
      t.fromId = r.id;
      t.toId = r.id;
      continue;
    }
    // Both are toISOString()'s, which compare as text.
    if (r.recordedAt > t.latestAt) t.latestAt = r.recordedAt;
    t.fromId = Math.min(t.fromId, r.id);
    t.toId = Math.max(t.toId, r.id);
  }
  return [...out.values()].sort((a, b) => compareText(a.deviceId, b.deviceId));
}

/** Code-point order of lower-case uuids, which is PostgreSQL's uuid order too. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
