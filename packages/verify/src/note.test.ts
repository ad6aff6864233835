import { describe, expect, it } from 'vitest';
import { fromBase64 } from './base64.js';
import { formatNote, keyId, parseNote, parseVerifierKey, verifierKey, verifyNote } from './note.js';

// Go's golang.org/x/mod/sumdb/note example: a note and key made by another implementation.
const GO_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const GO_TEXT =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE = `${GO_TEXT}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

describe("signed notes, against Go's sumdb/note", () => {
  it('reads the Go verifier key and computes its key ID', async () => {
    const key = await parseVerifierKey(GO_VKEY);
    expect(key.name).toBe('PeterNeumann');
    expect(key.keyId).toBe('c74f20a3');
    expect(await keyId('PeterNeumann', key.publicKey)).toBe('c74f20a3');
    expect(await verifierKey('PeterNeumann', key.publicKey)).toBe(GO_VKEY);
  });

  it('verifies the Go note and refuses it altered', async () => {
    const key = await parseVerifierKey(GO_VKEY);
    expect(await verifyNote(parseNote(GO_NOTE), key)).toEqual({ ok: true });
    const altered = parseNote(GO_NOTE.replace('cryptography', 'cryptographY'));
    expect(await verifyNote(altered, key)).toEqual({
      ok: false,
      reason:
        'has a signature by PeterNeumann that does not verify: it was altered, or signed with another key',
    });
  });

  it('writes the Go note again from its text and signature', () => {
    const { body, signatures } = parseNote(GO_NOTE);
    expect(body).toBe(GO_TEXT);
    expect(formatNote(body, signatures)).toBe(GO_NOTE);
  });

  it('refuses malformed verifier keys', async () => {
    const bad: [string, string][] = [
      ['PeterNeumann', 'a verifier key reads <name>+<key ID>+<key>'],
      ['PeterNeumann+c74f20a3', 'a verifier key reads <name>+<key ID>+<key>'],
      ['+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW', 'a key name must be non-empty'],
      ['Peter Neumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW', 'a key name must be non-empty'],
      ['PeterNeumann+C74F20A3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW', '8 lowercase hex digits'],
      [
        'PeterNeumann+c74f20a4+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW',
        'the key ID c74f20a4 is not the one',
      ],
      ['PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10T', 'not base64'],
      ['PeterNeumann+c74f20a3+Ahpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW', 'only Ed25519 verifier keys'],
      [
        'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy',
        'an Ed25519 key is 32 bytes, not 29',
      ],
    ];
    for (const [vkey, message] of bad) await expect(parseVerifierKey(vkey), vkey).rejects.toThrow(message);
  });

  it('reads a key whose base64 holds "+"', async () => {
    // transparency-dev/formats' test key: its base64 part contains a '+'.
    const key = await parseVerifierKey('TEST+7997405c+AQcC+FTVKf0jlTdHDY3rbevmnKxxPjigCXlVtGe6RIr6');
    expect(key.name).toBe('TEST');
    expect(key.publicKey).toEqual(fromBase64('AQcC+FTVKf0jlTdHDY3rbevmnKxxPjigCXlVtGe6RIr6').slice(1));
  });

  it('refuses malformed notes', () => {
    const sig = GO_NOTE.slice(GO_TEXT.length + 1);
    const bad: [string, string][] = [
      [GO_TEXT, 'no blank line before its signatures'],
      [`${GO_TEXT}\n`, 'must end with signature lines'],
      [GO_NOTE.slice(0, -1), 'must end with signature lines'],
      [`${GO_TEXT}\n${sig.replace('—', '-')}`, 'must start with an em dash and a space'],
      [`${GO_TEXT}\n${sig.replace('— PeterNeumann ', '— PeterNeumann')}`, 'a signature line reads'],
      [`${GO_TEXT}\n— PeterNeumann x08go/ZJku!!!\n`, 'the signature by PeterNeumann is not base64'],
      [`${GO_TEXT}\n— PeterNeumann\n`, 'a signature line reads'],
      [`${GO_TEXT}\n—  x08go/ZJku\n`, 'invalid key name'],
      [`${GO_TEXT}\n— PeterNeumann AAAA\n`, 'the signature by PeterNeumann is too short'],
      [`${GO_TEXT.replace('\n', '\r\n')}\n${sig}`, 'control characters'],
      [`${GO_TEXT}\u0000\n${sig}`, 'control characters'],
      [`${GO_TEXT}\ud800\n\n${sig}`, 'control characters or invalid text'],
      [`${GO_TEXT}\n${sig.repeat(101)}`, 'more than 100 signatures'],
    ];
    for (const [note, message] of bad) expect(() => parseNote(note), message).toThrow(message);
    expect(parseNote(`${GO_TEXT}\n${sig.repeat(100)}`).signatures).toHaveLength(100);
  });
});
