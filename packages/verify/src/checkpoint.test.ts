import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toBase64 } from './base64.js';
import { checkpointBody, parseCheckpoint, verifyCheckpoint } from './checkpoint.js';
import { emptyRoot } from './hash.js';
import { formatNote } from './note.js';
import { makeSigner, ORIGIN, signNote, type TestSigner } from './test/log.ts';

const ROOT = new Uint8Array(32).map((_, i) => i);
const BODY = `${ORIGIN}\n5000\n${toBase64(ROOT)}\n`;

let log: TestSigner;
let witness: TestSigner;
let impostor: TestSigner;

beforeAll(async () => {
  log = await makeSigner();
  witness = await makeSigner('witness.example/w1');
  impostor = await makeSigner();
});

const reason = async (note: string, vkey: string) => {
  const result = await verifyCheckpoint(note, vkey);
  return result.ok ? 'ok' : result.reason;
};

describe('checkpoints', () => {
  it('writes the C2SP body and reads it back', async () => {
    expect(checkpointBody(ORIGIN, 5000, ROOT)).toBe(BODY);
    expect(checkpointBody(ORIGIN, 0, await emptyRoot())).toBe(
      `${ORIGIN}\n0\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n`,
    );
    const note = signNote(BODY, log);
    const checkpoint = parseCheckpoint(note);
    expect(checkpoint).toEqual({
      origin: ORIGIN,
      size: 5000,
      rootHash: ROOT,
      extensions: [],
      signatures: [{ name: ORIGIN, keyId: log.keyId, signature: log.sign(BODY) }],
      body: BODY,
    });
  });

  it('verifies a checkpoint signed with node:crypto', async () => {
    const note = signNote(BODY, log);
    const result = await verifyCheckpoint(note, log.vkey);
    expect(result.ok).toBe(true);
    expect(result.ok && result.checkpoint.size).toBe(5000);
  });

  it('ignores the signatures of other keys (witnesses), in any order', async () => {
    expect(await reason(signNote(BODY, witness, log), log.vkey)).toBe('ok');
    expect(await reason(signNote(BODY, log, witness), witness.vkey)).toBe('ok');
    // A cosignature of another kind (C2SP tlog-cosignature carries 72 bytes) is read and ignored.
    const cosigned = `${signNote(BODY, log)}— witness.example/w2 ${toBase64(new Uint8Array(76).fill(7))}\n`;
    expect(await reason(cosigned, log.vkey)).toBe('ok');
  });

  it('refuses a checkpoint not signed by the key', async () => {
    // Another key under the same name has another key ID: it is not our signature at all.
    expect(await reason(signNote(BODY, impostor), log.vkey)).toBe(
      `the checkpoint is not signed by ${ORIGIN} (${log.keyId}), only by ${ORIGIN} (${impostor.keyId})`,
    );
    // Another key's signature under our name and key ID does not verify.
    const forged = formatNote(BODY, [{ name: log.name, keyId: log.keyId, signature: impostor.sign(BODY) }]);
    expect(await reason(forged, log.vkey)).toBe(
      `the checkpoint has a signature by ${ORIGIN} that does not verify: it was altered, or signed with another key`,
    );
    expect(await reason(signNote(BODY, witness), log.vkey)).toBe(
      `the checkpoint is not signed by ${ORIGIN} (${log.keyId}), only by witness.example/w1 (${witness.keyId})`,
    );
  });

  it('refuses a checkpoint whose body was altered', async () => {
    const note = signNote(BODY, log);
    for (const altered of [note.replace('\n5000\n', '\n5001\n'), note.replace(ORIGIN, `${ORIGIN}x`)]) {
      expect(await reason(altered, log.vkey)).toMatch(/does not verify: it was altered/);
    }
  });

  it('refuses a truncated signature, and a bad one beside a good one', async () => {
    const signature = log.sign(BODY);
    const truncated = formatNote(BODY, [
      { name: log.name, keyId: log.keyId, signature: signature.slice(0, 63) },
    ]);
    expect(await reason(truncated, log.vkey)).toMatch(/does not verify/);
    const twice = formatNote(BODY, [
      { name: log.name, keyId: log.keyId, signature },
      { name: log.name, keyId: log.keyId, signature: impostor.sign(BODY) },
    ]);
    expect(await reason(twice, log.vkey)).toMatch(/does not verify/);
  });

  it('treats a line with the key name but another key ID as another key', async () => {
    // The key has been rotated, or someone signs under our name: either way not our signature.
    const note = formatNote(BODY, [
      { name: log.name, keyId: impostor.keyId, signature: impostor.sign(BODY) },
    ]);
    expect(await reason(note, log.vkey)).toBe(
      `the checkpoint is not signed by ${ORIGIN} (${log.keyId}), only by ${ORIGIN} (${impostor.keyId})`,
    );
  });

  it('refuses malformed checkpoints and keys with a reason, never a throw', async () => {
    const root = toBase64(ROOT);
    const signed = (body: string) => signNote(body, log);
    const bad: [string, string][] = [
      [`\n5000\n${root}\n\n— x AAAAAAA=\n`, 'the checkpoint has no origin line'],
      [signed(`${ORIGIN}\n05000\n${root}\n`), 'the checkpoint tree size is not a decimal number'],
      [signed(`${ORIGIN}\n-1\n${root}\n`), 'the checkpoint tree size is not a decimal number'],
      [signed(`${ORIGIN}\n9007199254740993\n${root}\n`), 'the checkpoint tree size is too large'],
      [signed(`${ORIGIN}\n5000\n${root.slice(4)}\n`), "the checkpoint's root hash is 29 bytes long, not 32"],
      [signed(`${ORIGIN}\n5000\n${root.replace('=', '')}\n`), "the checkpoint's root hash is not base64"],
      [signed(`${ORIGIN}\n5000\n`), 'the checkpoint has no root hash line'],
      [signed(`${ORIGIN}\n`), 'the checkpoint has no tree size line'],
      [BODY, 'the checkpoint is not a signed note: the note has no blank line'],
    ];
    for (const [note, message] of bad) expect(await reason(note, log.vkey), message).toContain(message);
    expect(await reason(signNote(BODY, log), 'nonsense')).toBe(
      'the verifier key is malformed: a verifier key reads <name>+<key ID>+<key>',
    );
    expect(await reason(42 as unknown as string, log.vkey)).toBe(
      'the checkpoint is not a signed note: the note is not text',
    );
  });

  it('keeps extension lines, as C2SP allows', async () => {
    const body = `${BODY}timestamp 1764133200\n`;
    const result = await verifyCheckpoint(signNote(body, log), log.vkey);
    expect(result.ok && result.checkpoint.extensions).toEqual(['timestamp 1764133200']);
  });

  it('refuses to write a body it could not read back', () => {
    expect(() => checkpointBody('', 1, ROOT)).toThrow('the origin must be one non-empty line');
    expect(() => checkpointBody('a\nb', 1, ROOT)).toThrow('the origin must be one non-empty line');
    expect(() => checkpointBody(ORIGIN, -1, ROOT)).toThrow('the tree size must be a whole number');
    expect(() => checkpointBody(ORIGIN, 1, ROOT.slice(1))).toThrow('the root hash is 31 bytes long');
    expect(() => formatNote(`${BODY}\n`, [])).toThrow('a note body is lines of text');
    expect(() => formatNote(BODY, [])).toThrow('a note needs at least one signature');
  });
});

describe('checkpoints where WebCrypto lacks Ed25519', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('verifies and refuses the same through the reference code', async () => {
    const importKey = vi
      .spyOn(globalThis.crypto.subtle, 'importKey')
      .mockRejectedValue(new DOMException('Unrecognized algorithm name', 'NotSupportedError'));
    expect(await reason(signNote(BODY, witness, log), log.vkey)).toBe('ok');
    const forged = formatNote(BODY, [{ name: log.name, keyId: log.keyId, signature: impostor.sign(BODY) }]);
    expect(await reason(forged, log.vkey)).toMatch(/does not verify/);
    expect(await reason(signNote(BODY, log).replace('5000', '5001'), log.vkey)).toMatch(/does not verify/);
    expect(importKey).toHaveBeenCalled();
  });
});
