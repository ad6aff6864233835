import { fromBase64, toBase64 } from './base64.js';
import { utf8 } from './bytes.js';
import { canonicalize } from './canonical.js';
import { show, VerifyError } from './errors.js';
import { leafHash, sha256 } from './hash.js';

// A log entry names one change of one record; its leaf data is the UTF-8 of its canonical JSON. The
// entry is checked field by field before hashing, so a leaf can only ever hold these seven fields
// in these forms, and the same entry always hashes the same on the server and in a browser.

const FIELDS = ['organization', 'type', 'id', 'version', 'event', 'logged_at', 'snapshot_sha256'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WORD = /^[a-z][a-z0-9_]{0,63}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * base64 of SHA-256 of the UTF-8 of the snapshot's canonical JSON.
 * @param {unknown} snapshot
 */
export async function snapshotDigest(snapshot) {
  return toBase64(await sha256(utf8(canonicalize(snapshot))));
}

/**
 * The leaf data of an entry: the UTF-8 bytes of its canonical JSON. Throws VerifyError when the entry
 * is not a well-formed log entry.
 * @param {import('../index.js').LogEntry} entry
 */
export function entryLeafData(entry) {
  return utf8(canonicalize(checkEntry(entry)));
}

/**
 * The entry's Merkle leaf hash: SHA-256(0x00 ‖ leaf data).
 * @param {import('../index.js').LogEntry} entry
 */
export async function entryLeafHash(entry) {
  return leafHash(entryLeafData(entry));
}

/**
 * The entry, if it is one; throws VerifyError naming the first field that is wrong.
 * @param {unknown} entry
 * @returns {import('../index.js').LogEntry}
 */
export function checkEntry(entry) {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw new VerifyError('the entry is not an object');
  }
  const e = /** @type {Record<string, unknown>} */ (entry);
  const extra = Object.keys(e).filter((key) => !FIELDS.includes(key));
  if (extra.length) throw new VerifyError(`the entry has fields a log entry has not: ${extra.join(', ')}`);
  const field = (/** @type {string} */ name, /** @type {boolean} */ ok, /** @type {string} */ what) => {
    if (!ok) throw new VerifyError(`entry.${name} must be ${what}, not ${show(e[name])}`);
  };
  field('organization', isText(e.organization) && UUID.test(e.organization), 'a lowercase UUID');
  field('type', isText(e.type) && WORD.test(e.type), 'a lowercase_word such as receive_record');
  field('id', isText(e.id) && UUID.test(e.id), 'a lowercase UUID');
  field(
    'version',
    Number.isSafeInteger(e.version) && /** @type {number} */ (e.version) >= 0,
    'a whole number',
  );
  field('event', isText(e.event) && WORD.test(e.event), 'a lowercase_word such as posted');
  field(
    'logged_at',
    isText(e.logged_at) && isInstant(e.logged_at),
    'a UTC time such as 2026-11-26T05:00:00.123Z',
  );
  field(
    'snapshot_sha256',
    isText(e.snapshot_sha256) && isDigest(e.snapshot_sha256),
    'the base64 of 32 bytes',
  );
  return /** @type {import('../index.js').LogEntry} */ (entry);
}

/**
 * @param {unknown} value
 * @returns {value is string}
 */
function isText(value) {
  return typeof value === 'string';
}

/** @param {string} text */
function isInstant(text) {
  if (!INSTANT.test(text)) return false;
  const time = new Date(text);
  // The round trip refuses days that do not exist (2026-02-30) and leap seconds.
  return !Number.isNaN(time.getTime()) && time.toISOString() === text;
}

/** @param {string} text */
function isDigest(text) {
  try {
    return fromBase64(text).length === 32;
  } catch {
    return false;
  }
}
