import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkpointBody, formatNote } from '@plastrace/verify';

// The log's Ed25519 key, named after the log's origin, in the formats Go's golang.org/x/mod/sumdb/note
// uses: a verifier key `<name>+<id>+<base64(0x01 ‖ key)>` anyone may have, and a signer key
// `PRIVATE+KEY+<name>+<id>+<base64(0x01 ‖ seed)>` that LOG_SIGNING_KEY takes or DATA_DIR keeps.

export type LogSigner = {
  origin: string;
  /** The verifier key (GET /api/log/public-key). */
  vkey: string;
  /** The signed checkpoint note of a tree. */
  checkpoint(size: number, rootHash: Uint8Array): string;
};

const ED25519 = Buffer.from([1]);

// PKCS #8 of an Ed25519 seed (RFC 8410): a fixed 16-byte prefix, then the 32-byte seed.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const keyId = (name: string, publicKey: Buffer) =>
  createHash('sha256').update(`${name}\n`).update(ED25519).update(publicKey).digest().subarray(0, 4);

function rawPublicKey(key: KeyObject) {
  const jwk = key.export({ format: 'jwk' });
  return Buffer.from(jwk.x as string, 'base64url');
}

function signerOf(name: string, privateKey: KeyObject): LogSigner {
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  const id = keyId(name, publicKey);
  return {
    origin: name,
    vkey: `${name}+${id.toString('hex')}+${Buffer.concat([ED25519, publicKey]).toString('base64')}`,
    checkpoint(size, rootHash) {
      const body = checkpointBody(name, size, rootHash);
      const signature = sign(null, Buffer.from(body), privateKey);
      return formatNote(body, [{ name, keyId: id.toString('hex'), signature }]);
    },
  };
}

/** The signer key text of a seed, for LOG_SIGNING_KEY or the key file. */
export function signerKeyText(name: string, seed: Buffer) {
  const publicKey = rawPublicKey(
    createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' }),
  );
  return `PRIVATE+KEY+${name}+${keyId(name, publicKey).toString('hex')}+${Buffer.concat([ED25519, seed]).toString('base64')}`;
}

export class SigningKeyError extends Error {}

/** Reads a signer key; its name is the log's origin, and its id must match its key. */
export function parseSignerKey(text: string): LogSigner {
  const parts = text.trim().split('+');
  // The base64 part may hold '+': everything after the fourth separator is the key.
  if (parts.length < 5 || parts[0] !== 'PRIVATE' || parts[1] !== 'KEY')
    throw new SigningKeyError('LOG_SIGNING_KEY must read PRIVATE+KEY+<name>+<key id>+<base64 key>');
  const name = parts[2] as string;
  const id = parts[3] as string;
  const key = Buffer.from(parts.slice(4).join('+'), 'base64');
  if (key.length !== 33 || key[0] !== 1)
    throw new SigningKeyError('LOG_SIGNING_KEY must hold an Ed25519 key');
  const signer = signerOf(
    name,
    createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, key.subarray(1)]), format: 'der', type: 'pkcs8' }),
  );
  if (!signer.vkey.startsWith(`${name}+${id}+`))
    throw new SigningKeyError('LOG_SIGNING_KEY’s key id does not match its key');
  return signer;
}

/** A new key for a log (tests; the first start without a key). */
export function generateSigner(origin: string): { signer: LogSigner; text: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url');
  const text = signerKeyText(origin, seed);
  return { signer: parseSignerKey(text), text };
}

/**
 * The log's signer: LOG_SIGNING_KEY when given (every instance of one installation must share it), else
 * the key kept in DATA_DIR/log-signing.key, made on the first start (readable by its owner only).
 */
export function loadSigner(opts: { signingKey?: string; dataDir: string; origin: string }): LogSigner {
  if (opts.signingKey) return parseSignerKey(opts.signingKey);
  const file = join(opts.dataDir, 'log-signing.key');
  if (existsSync(file)) return parseSignerKey(readFileSync(file, 'utf8'));
  const { signer, text } = generateSigner(opts.origin);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${text}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return signer;
}
