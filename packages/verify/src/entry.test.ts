import { createHash } from 'node:crypto';
import type { LogEntry } from '@plastrace/verify';
import { describe, expect, it } from 'vitest';
import { entryLeafData, entryLeafHash, snapshotDigest } from './entry.js';

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

const SNAPSHOT = {
  type: 'lot',
  id: '0190a6d2-6e35-7b9c-8f42-000000000001',
  kg: '12.5',
  tags: ['PET', 'clear'],
};
const ENTRY: LogEntry = {
  organization: '0190a6d2-6e35-7b9c-8f42-3c1d2e4f5a6b',
  type: 'lot',
  id: '0190a6d2-6e35-7b9c-8f42-000000000001',
  version: 1,
  event: 'created',
  logged_at: '2026-11-26T05:00:00.123Z',
  snapshot_sha256: '',
};

describe('log entries', () => {
  it('digests the snapshot as base64 SHA-256 of its canonical JSON', async () => {
    const canonical =
      '{"id":"0190a6d2-6e35-7b9c-8f42-000000000001","kg":"12.5","tags":["PET","clear"],"type":"lot"}';
    expect(await snapshotDigest(SNAPSHOT)).toBe(sha256(canonical).toString('base64'));
    // Key order and whitespace do not change it.
    expect(
      await snapshotDigest(JSON.parse(`{ "type": "lot", ${canonical.slice(1).replaceAll(',', ', ')}`)),
    ).toBe(await snapshotDigest(SNAPSHOT));
  });

  it('makes the leaf data from the canonical entry, and the leaf hash from that', async () => {
    const entry = { ...ENTRY, snapshot_sha256: await snapshotDigest(SNAPSHOT) };
    const text =
      '{"event":"created","id":"0190a6d2-6e35-7b9c-8f42-000000000001","logged_at":"2026-11-26T05:00:00.123Z",' +
      `"organization":"0190a6d2-6e35-7b9c-8f42-3c1d2e4f5a6b","snapshot_sha256":"${entry.snapshot_sha256}",` +
      '"type":"lot","version":1}';
    expect(new TextDecoder().decode(entryLeafData(entry))).toBe(text);
    expect(Buffer.from(await entryLeafHash(entry))).toEqual(
      sha256(Buffer.concat([Buffer.from([0]), Buffer.from(text)])),
    );
  });

  it('names the first field that is wrong', async () => {
    const good = { ...ENTRY, snapshot_sha256: await snapshotDigest(SNAPSHOT) };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, organization: 'ACME' }, 'entry.organization must be a lowercase UUID, not "ACME"'],
      [{ ...good, id: good.id.toUpperCase() }, 'entry.id must be a lowercase UUID'],
      [{ ...good, type: 'Receive Record' }, 'entry.type must be a lowercase_word'],
      [{ ...good, version: 1.5 }, 'entry.version must be a whole number, not 1.5'],
      [{ ...good, version: -1 }, 'entry.version must be a whole number, not -1'],
      [{ ...good, version: 2n }, 'entry.version must be a whole number, not 2n'],
      [{ ...good, event: '' }, 'entry.event must be a lowercase_word such as posted, not ""'],
      [{ ...good, logged_at: '2026-11-26T05:00:00Z' }, 'entry.logged_at must be a UTC time'],
      [{ ...good, logged_at: '2026-02-30T05:00:00.000Z' }, 'entry.logged_at must be a UTC time'],
      [{ ...good, logged_at: '2026-11-26T13:00:00.000+08:00' }, 'entry.logged_at must be a UTC time'],
      [{ ...good, snapshot_sha256: 'AAAA' }, 'entry.snapshot_sha256 must be the base64 of 32 bytes'],
      [
        { ...good, snapshot_sha256: undefined },
        'entry.snapshot_sha256 must be the base64 of 32 bytes, not missing',
      ],
      [{ ...good, note: 'hi' }, 'the entry has fields a log entry has not: note'],
    ];
    for (const [entry, message] of bad) {
      expect(() => entryLeafData(entry as unknown as LogEntry), message).toThrow(message);
    }
    expect(() => entryLeafData(null as unknown as LogEntry)).toThrow('the entry is not an object');
  });
});
