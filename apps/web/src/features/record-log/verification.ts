import type { BundleResult } from '@plastrace/verify';
import type { LogCheckpoint } from './api.ts';

// What the pages verify in the browser, with @plastrace/verify (the same code as `npx plastrace-verify`).
// The package is imported only here and only when a verification runs, so it is a chunk of its own that
// the pages that verify load on demand, never part of the first visit.

export const loadVerifier = () => import('@plastrace/verify');

/** One step of a verification, as the page lists it. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Verdict {
  ok: boolean;
  /** The failed check's detail. */
  reason?: string;
  checks: Check[];
}

/** A bundle checked against the log's key: format, snapshot, record, leaf, signature, size, inclusion. */
export async function verifyRecordBundle(bundle: unknown, key: string): Promise<BundleResult> {
  const { verifyBundle } = await loadVerifier();
  return verifyBundle(bundle, key);
}

/**
 * A proof bundle file's content: a compact bundle's bytes decoded to the bundle they carry, else the
 * file's JSON. Throws an Error whose message says why it is not a bundle.
 */
export async function readBundleFile(bytes: Uint8Array): Promise<unknown> {
  const { decodeCompactBundle, isCompactBundle } = await loadVerifier();
  if (isCompactBundle(bytes)) return decodeCompactBundle(bytes);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new Error('it is not JSON, nor a compact bundle');
  }
}

/** The bundle in compact form (.ptlb bytes); it must be a well-formed bundle (verify it first). */
export async function compactBundle(bundle: unknown): Promise<Blob> {
  const { COMPACT_BUNDLE_MEDIA_TYPE, encodeCompactBundle } = await loadVerifier();
  const bytes = encodeCompactBundle(bundle as Parameters<typeof encodeCompactBundle>[0]);
  return new Blob([bytes.slice().buffer], { type: COMPACT_BUNDLE_MEDIA_TYPE });
}

/** One step from the leaf to the root: the proof's hash beside the path, and the node they make. */
export interface PathStep {
  /** Where the proof's hash sits: left of the path (it is hashed first) or right. */
  side: 'left' | 'right';
  sibling: string;
  /** The node the two make: the parent on the way up; the last is the root. */
  node: string;
}

/**
 * The path of an inclusion proof from leaf to root, following RFC 9162 §2.1.3.2 step by step (the
 * algorithm verifyInclusion runs), so each hash of the proof can be shown with its side. Sizes can reach
 * 2^53: halving is done with arithmetic, not 32-bit shifts. Null when the proof cannot be one.
 */
export async function inclusionPath(
  leafHash: string,
  index: number,
  treeSize: number,
  proof: readonly string[],
): Promise<PathStep[] | null> {
  const { fromBase64, nodeHash, toBase64 } = await loadVerifier();
  if (index >= treeSize) return null;
  let fn = index;
  let sn = treeSize - 1;
  let r = fromBase64(leafHash);
  const steps: PathStep[] = [];
  for (const hash of proof) {
    if (sn === 0) return null;
    const p = fromBase64(hash);
    let side: PathStep['side'];
    if (fn % 2 === 1 || fn === sn) {
      side = 'left';
      r = await nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn /= 2;
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      side = 'right';
      r = await nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
    steps.push({ side, sibling: hash, node: toBase64(r) });
  }
  return sn === 0 ? steps : null;
}

export interface LeafVerdict extends Verdict {
  /** The log's name, once the checkpoint's signature verified. */
  origin?: string;
  /** The signed checkpoint's root, base64. */
  rootHash?: string;
  path: PathStep[] | null;
}

/**
 * A leaf's inclusion in the latest signed tree: the checkpoint's signature with the log's key, its size
 * against the proof's, then the proof from the leaf to the signed root.
 */
export async function verifyLeaf(input: {
  leafHash: string;
  index: number;
  treeSize: number;
  proof: readonly string[];
  note: string;
  key: string;
}): Promise<LeafVerdict> {
  const { toBase64, verifyCheckpoint, verifyInclusion } = await loadVerifier();
  const checks: Check[] = [];
  const fail = (name: string, detail: string): LeafVerdict => {
    checks.push({ name, ok: false, detail });
    return { ok: false, reason: detail, checks, path: null };
  };

  const signed = await verifyCheckpoint(input.note, input.key);
  if (!signed.ok) return fail('signature', signed.reason);
  const { checkpoint } = signed;
  checks.push({
    name: 'signature',
    ok: true,
    detail: `the checkpoint of ${checkpoint.origin} is signed by the log's key`,
  });
  if (checkpoint.size !== input.treeSize)
    return fail('size', `the checkpoint is for ${checkpoint.size} leaves, the proof for ${input.treeSize}`);
  checks.push({
    name: 'size',
    ok: true,
    detail: `the checkpoint is for ${checkpoint.size} leaves, as the proof`,
  });

  const rootHash = toBase64(checkpoint.rootHash);
  const included = await verifyInclusion(
    input.leafHash,
    input.index,
    input.treeSize,
    input.proof,
    checkpoint.rootHash,
  );
  if (!included.ok) return { ...fail('inclusion', included.reason), origin: checkpoint.origin, rootHash };
  checks.push({
    name: 'inclusion',
    ok: true,
    detail: `leaf ${input.index} of ${input.treeSize} leads to the checkpoint's root ${rootHash}`,
  });
  const path = await inclusionPath(input.leafHash, input.index, input.treeSize, input.proof);
  return { ok: true, checks, origin: checkpoint.origin, rootHash, path };
}

/**
 * That the latest tree extends an earlier one: both checkpoints signed by the log's key, then the
 * consistency proof between their roots (RFC 9162 §2.1.4.2). An earlier tree rewritten would fail here.
 */
export async function verifyGrowth(input: {
  older: LogCheckpoint;
  newer: LogCheckpoint;
  proof: readonly string[];
  key: string;
}): Promise<Verdict> {
  const { verifyCheckpoint, verifyConsistency } = await loadVerifier();
  const checks: Check[] = [];
  const fail = (name: string, detail: string): Verdict => {
    checks.push({ name, ok: false, detail });
    return { ok: false, reason: detail, checks };
  };
  const older = await verifyCheckpoint(input.older.note, input.key);
  if (!older.ok) return fail('earlier signature', older.reason);
  checks.push({
    name: 'earlier signature',
    ok: true,
    detail: `the checkpoint of ${older.checkpoint.size} leaves is signed by the log's key`,
  });
  const newer = await verifyCheckpoint(input.newer.note, input.key);
  if (!newer.ok) return fail('latest signature', newer.reason);
  checks.push({
    name: 'latest signature',
    ok: true,
    detail: `the checkpoint of ${newer.checkpoint.size} leaves is signed by the log's key`,
  });
  const grown = await verifyConsistency(
    older.checkpoint.size,
    newer.checkpoint.size,
    input.proof,
    older.checkpoint.rootHash,
    newer.checkpoint.rootHash,
  );
  if (!grown.ok) return fail('consistency', grown.reason);
  checks.push({
    name: 'consistency',
    ok: true,
    detail: `the tree of ${newer.checkpoint.size} leaves keeps the first ${older.checkpoint.size} unchanged`,
  });
  return { ok: true, checks };
}

/** The verifier key a person pasted, read as the package reads it; the reason when it is not one. */
export async function checkKey(key: string): Promise<string | null> {
  const { parseVerifierKey } = await loadVerifier();
  try {
    await parseVerifierKey(key.trim());
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
