// Test helpers: a log signed with a throwaway node:crypto key, built only with the package's own
// generation functions, as the server will build it.
import { generateKeyPairSync, sign } from 'node:crypto';
import {
  checkpointBody,
  createBundle,
  entryLeafHash,
  formatNote,
  inclusionProof,
  keyId,
  type LogBundle,
  type LogEntry,
  rootOf,
  snapshotDigest,
  verifierKey,
} from '@plastrace/verify';

export const ORIGIN = 'log.plastrace.example/records';
export const ORGANIZATION = '0190a6d2-6e35-7b9c-8f42-3c1d2e4f5a6b';

export interface TestSigner {
  name: string;
  publicKey: Uint8Array;
  keyId: string;
  vkey: string;
  sign(body: string): Uint8Array;
}

export async function makeSigner(name = ORIGIN): Promise<TestSigner> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url'));
  return {
    name,
    publicKey: raw,
    keyId: await keyId(name, raw),
    vkey: await verifierKey(name, raw),
    sign: (body) => new Uint8Array(sign(null, Buffer.from(body, 'utf8'), privateKey)),
  };
}

/** The note of a body signed by each signer in turn. */
export function signNote(body: string, ...signers: TestSigner[]): string {
  return formatNote(
    body,
    signers.map((s) => ({ name: s.name, keyId: s.keyId, signature: s.sign(body) })),
  );
}

export function recordId(i: number): string {
  return `0190a6d2-6e35-7b9c-8f42-${i.toString(16).padStart(12, '0')}`;
}

export function snapshotOf(i: number): Record<string, unknown> {
  return {
    type: 'receive_record',
    id: recordId(i),
    number: `RR-2026-${String(i).padStart(5, '0')}`,
    status: 'posted',
    supplier: 'Tondo Junkshop',
    lines: [{ material: 'PET flakes', net_kg: '1250.500', deduction_pct: '2.5' }],
    posted_at: '2026-11-26T05:00:00.123Z',
  };
}

export async function entryOf(i: number): Promise<LogEntry> {
  return {
    organization: ORGANIZATION,
    type: 'receive_record',
    id: recordId(i),
    version: 2,
    event: 'posted',
    logged_at: `2026-11-26T05:00:${String(i % 60).padStart(2, '0')}.123Z`,
    snapshot_sha256: await snapshotDigest(snapshotOf(i)),
  };
}

/** A log of `size` receive records, its checkpoint signed by `signer` (and any cosigners). */
export async function makeLog(size: number, signer: TestSigner, ...cosigners: TestSigner[]) {
  const entries = await Promise.all(Array.from({ length: size }, (_, i) => entryOf(i)));
  const leaves = await Promise.all(entries.map(entryLeafHash));
  const root = await rootOf(leaves);
  const checkpoint = signNote(checkpointBody(ORIGIN, size, root), signer, ...cosigners);
  const bundleFor = async (index: number): Promise<LogBundle> =>
    createBundle({
      entry: entries[index] as LogEntry,
      snapshot: snapshotOf(index),
      index,
      treeSize: size,
      proof: await inclusionProof(leaves, index),
      checkpoint,
    });
  return { entries, leaves, root, checkpoint, bundleFor };
}
