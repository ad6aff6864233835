import {
  canonicalize,
  decodeCompactBundle,
  encodeCompactBundle,
  isCompactBundle,
  verifyBundle,
} from '@plastrace/verify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Writer } from './binary.js';
import { makeLog, makeSigner, ORIGIN, type TestSigner } from './test/log.ts';

// Every way a compact bundle can be spoiled: cut short anywhere, a wrong magic or version, varints
// overlong or too large, bytes left over, a snapshot that is not canonical JSON, fields out of form,
// and bytes changed in place, which must show as a signature that does not verify.

let log: TestSigner;
let bytes: Uint8Array;
/** Where each field of the bundle of leaf 3 starts (all its varints are one byte but logged_at). */
let at: Record<'type' | 'version' | 'index' | 'size' | 'count' | 'name' | 'proof' | 'snapshot', number>;

beforeAll(async () => {
  log = await makeSigner();
  const tree = await makeLog(7, log);
  const bundle = await tree.bundleFor(3);
  bytes = encodeCompactBundle(bundle);
  const version = 5 + 32 + 1 + bundle.entry.type.length + 1 + bundle.entry.event.length;
  const index = version + 1 + 6;
  const count = index + 2 + 1 + ORIGIN.length;
  const proof = count + 1 + 1 + 4 + 1 + 64;
  at = { type: 37, version, index, size: index + 1, count, name: count + 1, proof, snapshot: proof + 1 + 96 };
});

const text = (value: string) => new TextEncoder().encode(value);
const varint = (n: number) => new Writer().varint(n).result();

/** The bundle with `remove` bytes at `from` replaced by `insert`. */
function splice(from: number, remove: number, insert: ArrayLike<number> = []) {
  return Uint8Array.from([
    ...bytes.subarray(0, from),
    ...Array.from(insert),
    ...bytes.subarray(from + remove),
  ]);
}

/** The bundle with the byte at `i` xor `bits`. */
const flip = (i: number, bits: number) => splice(i, 1, [(bytes[i] as number) ^ bits]);

/** The bundle with its snapshot replaced by this text (its length prefix is 2 bytes). */
const withSnapshot = (json: string) => {
  const body = text(json);
  return Uint8Array.from([...bytes.subarray(0, at.snapshot), ...varint(body.length), ...body]);
};

async function refusal(spoiled: Uint8Array) {
  const error = await decodeCompactBundle(spoiled).then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error?.name).toBe('VerifyError');
  // verifyBundle never throws: the same reason is its failed format check.
  const result = await verifyBundle(spoiled, log.vkey);
  expect(result.checks).toEqual([{ name: 'format', ok: false, detail: error?.message }]);
  return error?.message;
}

describe('decodeCompactBundle', () => {
  it('names the field a cut-short bundle ends in, at every length', async () => {
    const fields: string[] = [];
    for (let length = 0; length < bytes.length; length++) {
      const message = (await refusal(bytes.slice(0, length))) ?? '';
      const field = message.match(/^the compact bundle is cut short in (.+)$/)?.[1] ?? message;
      if (fields.at(-1) !== field) fields.push(field);
    }
    expect(fields).toEqual([
      'the bytes are not a compact bundle: they do not start with PTLB',
      'its version',
      'entry.organization',
      'entry.id',
      'the length of entry.type',
      'entry.type',
      'the length of entry.event',
      'entry.event',
      'entry.version',
      'entry.logged_at',
      'the index',
      'the tree size',
      'the length of the origin',
      'the origin',
      'the number of signatures',
      'the key name of signature 1',
      'the key ID of signature 1',
      'the length of signature 1',
      'signature 1',
      'the number of proof hashes',
      'proof hash 1',
      'proof hash 2',
      'proof hash 3',
      'the length of the snapshot',
      'the snapshot',
    ]);
  });

  it('refuses a wrong magic, version, varint or ending, saying which', async () => {
    const cases: [Uint8Array, string][] = [
      [splice(3, 1, text('X')), 'the bytes are not a compact bundle: they do not start with PTLB'],
      [splice(4, 1, [2]), 'the compact bundle is of version 2; this verifier reads version 1'],
      [splice(4, 1, [0]), 'the compact bundle is of version 0; this verifier reads version 1'],
      [splice(at.version, 1, [0x82, 0x00]), 'the compact bundle has entry.version in an overlong varint'],
      [splice(at.index, 1, [0x83, 0x80, 0x00]), 'the compact bundle has the index in an overlong varint'],
      [
        splice(at.index, 1, [...Array(7).fill(0x80), 0x10]),
        'the compact bundle has the index above 2^53 − 1',
      ],
      [
        splice(at.index, 1, [...Array(8).fill(0xff), 0x01]),
        'the compact bundle has the index above 2^53 − 1',
      ],
      [splice(bytes.length, 0, [0]), 'the compact bundle has 1 byte too many at its end'],
      [splice(bytes.length, 0, text('{}\n')), 'the compact bundle has 3 bytes too many at its end'],
    ];
    for (const [spoiled, reason] of cases) expect(await refusal(spoiled), reason).toBe(reason);
    expect(isCompactBundle(splice(0, 1, text('p')))).toBe(false);
    expect(isCompactBundle(text('{"format":"plastrace-log-bundle/v1"}'))).toBe(false);
    expect(isCompactBundle(text('PTL'))).toBe(false);
    expect(isCompactBundle(splice(4, 1, [2]))).toBe(true);
  });

  it('refuses a snapshot that is not canonical JSON of an object', async () => {
    const json = new TextDecoder().decode(bytes.subarray(at.snapshot + 2));
    const cases: [Uint8Array, string][] = [
      [withSnapshot(`x${json.slice(1)}`), "the compact bundle's snapshot is not JSON"],
      [withSnapshot(json.slice(0, -1)), "the compact bundle's snapshot is not JSON"],
      [withSnapshot('[1]'), "the compact bundle's snapshot is not a JSON object"],
      [withSnapshot('null'), "the compact bundle's snapshot is not a JSON object"],
      [
        withSnapshot(JSON.stringify(JSON.parse(json), null, 1)),
        "the compact bundle's snapshot is not in canonical JSON (RFC 8785)",
      ],
      [withSnapshot('{"b":1,"a":2}'), "the compact bundle's snapshot is not in canonical JSON (RFC 8785)"],
      [
        withSnapshot('{"a":"\\ud800"}'),
        "the compact bundle's snapshot has no canonical JSON: the value at a holds a lone UTF-16 surrogate",
      ],
      [splice(at.snapshot + 3, 1, [0xff]), 'the snapshot in the compact bundle is not UTF-8'],
    ];
    for (const [spoiled, reason] of cases) expect(await refusal(spoiled), reason).toBe(reason);
  });

  it('refuses fields out of form and a proof that leads nowhere', async () => {
    const year10000 = Date.UTC(10000, 0, 1) * 2; // zigzag of a positive time
    const cases: [Uint8Array, RegExp | string][] = [
      [
        splice(at.type + 1, 1, text('R')),
        /^the compact bundle's entry is out of form: entry.type must be a lowercase_word/,
      ],
      [
        splice(at.version + 1, 6, varint(year10000)),
        /^the compact bundle's entry is out of form: entry.logged_at must be a UTC time/,
      ],
      [splice(at.count, 1, [0]), 'the compact bundle has 0 signatures; a checkpoint has 1 to 100'],
      [splice(at.count, 1, [101]), 'the compact bundle has 101 signatures; a checkpoint has 1 to 100'],
      [
        splice(at.name, 1, [ORIGIN.length, ...text(ORIGIN)]),
        'the compact bundle spells out the key name of signature 1, the origin, instead of 0',
      ],
      [
        splice(at.name, 1, [3, ...text('a b')]),
        /^the compact bundle's checkpoint is malformed: a key name must be non-empty/,
      ],
      [splice(at.name + 5, 65, [0]), 'the compact bundle has an empty signature 1'],
      [
        splice(at.proof, 33, [2]),
        "the compact bundle's proof leads nowhere: the proof has 2 hashes; leaf 3 of a tree of 7 needs 3 hashes",
      ],
      [
        splice(at.index, 1, [7]),
        "the compact bundle's proof leads nowhere: leaf 7 is beyond a tree of 7 leaves",
      ],
      [
        splice(at.index, 2, [0, 0]),
        "the compact bundle's proof leads nowhere: an empty tree has no leaf to prove",
      ],
    ];
    for (const [spoiled, reason] of cases) expect(await refusal(spoiled), String(reason)).toMatch(reason);
  });
});

describe('verifyBundle on a compact bundle changed in place', () => {
  async function signatureFailure(spoiled: Uint8Array) {
    const result = await verifyBundle(spoiled, log.vkey);
    expect(result.checks.map((c) => c.ok)).toEqual([true, true, true, true, false]);
    expect(result.reason).toMatch(
      /^the checkpoint has a signature by \S+ that does not verify: .* \(in compact form the checkpoint's root is computed from the entry, the snapshot and the proof: a change to any of them shows here\)$/,
    );
  }

  it('fails when a proof, entry or snapshot byte is changed, at the signature', async () => {
    for (let i = at.proof + 1; i < at.snapshot; i += 7) await signatureFailure(flip(i, 1));
    const proof = (j: number) => Array.from(bytes.subarray(at.proof + 1 + 32 * j, at.proof + 33 + 32 * j));
    await signatureFailure(splice(at.proof + 1, 64, [...proof(1), ...proof(0)]));
    for (let i = 5; i < 21; i++) await signatureFailure(flip(i, 0x10));
    // The record id is in the snapshot too: a changed one fails the record check first.
    for (let i = 21; i < 37; i++) {
      const result = await verifyBundle(flip(i, 0x10), log.vkey);
      expect(result.checks.at(-1)?.name).toBe('record');
      expect(result.reason).toMatch(/^the snapshot is of record \S+ but the entry logs \S+$/);
    }
    await signatureFailure(splice(at.version, 1, [3]));
    await signatureFailure(flip(at.version + 1, 2));
    await signatureFailure(splice(at.size, 1, [8]));
    // Valid canonical JSON of an object, not the logged snapshot.
    const json = new TextDecoder().decode(bytes.subarray(at.snapshot + 2));
    await signatureFailure(withSnapshot(json.replace('"status":"posted"', '"status":"voided"')));
    await signatureFailure(withSnapshot(canonicalize({ ...JSON.parse(json), extra: 1 })));
    await signatureFailure(flip(at.name + 10, 1));
  });

  it('says it is not signed by the key when the key ID is changed, without the compact hint', async () => {
    const result = await verifyBundle(flip(at.name + 1, 1), log.vkey);
    expect(result.checks.at(-1)?.name).toBe('signature');
    expect(result.reason).toMatch(/^the checkpoint is not signed by .*, only by /);
    expect(result.reason).not.toMatch(/compact/);
  });

  it('catches a change to any one byte, anywhere', async () => {
    for (let i = 0; i < bytes.length; i++) {
      for (const bit of [0x01, 0x80]) {
        const result = await verifyBundle(flip(i, bit), log.vkey);
        expect(result.ok, `byte ${i} ^ ${bit}`).toBe(false);
      }
    }
    expect((await verifyBundle(bytes, log.vkey)).ok).toBe(true);
  });
});
