// The public API of @plastrace/verify, written by hand: the code is plain JavaScript (src/), whose
// JSDoc refers to these types; src/api.test.ts holds the code to these declarations.

/** A 32-byte SHA-256 hash, as bytes or as its standard base64 (with padding). */
export type HashInput = Uint8Array | string;

/** What every verify function answers: never a throw, a reason when it fails. */
export type Result = { ok: true } | { ok: false; reason: string };

/** Thrown by the parsers, encoders and proof generators on input they cannot take. */
export declare class VerifyError extends Error {
  constructor(message: string);
}

// ── Canonical JSON and encodings ──────────────────────────────────────────────────────────────────

/**
 * RFC 8785 canonical JSON. Throws VerifyError on NaN, Infinity, bigint, functions, symbols,
 * undefined in arrays, lone surrogates, cycles and objects that are not plain.
 */
export declare function canonicalize(value: unknown): string;
/** Standard base64 with padding. */
export declare function toBase64(bytes: Uint8Array): string;
/** Strict standard base64 with padding; throws VerifyError on anything else. */
export declare function fromBase64(text: string): Uint8Array;

// ── Hashes and the Merkle tree (RFC 9162) ─────────────────────────────────────────────────────────

/** SHA-256(0x00 ‖ data). */
export declare function leafHash(data: Uint8Array): Promise<Uint8Array>;
/** SHA-256(0x01 ‖ left ‖ right). */
export declare function nodeHash(left: Uint8Array, right: Uint8Array): Promise<Uint8Array>;
/** The root of the empty tree: SHA-256 of nothing. */
export declare function emptyRoot(): Promise<Uint8Array>;

/** RFC 9162 §2.1.3.2: whether the leaf is leaf `index` of the tree of `treeSize` leaves with that root. */
export declare function verifyInclusion(
  leafHash: HashInput,
  index: number,
  treeSize: number,
  proof: ReadonlyArray<HashInput>,
  rootHash: HashInput,
): Promise<Result>;
/** The root an inclusion proof leads to; rejects with VerifyError when it cannot be a proof. */
export declare function rootFromInclusionProof(
  leafHash: HashInput,
  index: number,
  treeSize: number,
  proof: ReadonlyArray<HashInput>,
): Promise<Uint8Array>;
/** RFC 9162 §2.1.4.2: whether the tree (size2, root2) extends the tree (size1, root1). */
export declare function verifyConsistency(
  size1: number,
  size2: number,
  proof: ReadonlyArray<HashInput>,
  root1: HashInput,
  root2: HashInput,
): Promise<Result>;

/** MTH over leaf hashes held in memory (RFC 9162 §2.1.1). */
export declare function rootOf(leafHashes: ReadonlyArray<HashInput>): Promise<Uint8Array>;
/** PATH(index, D[n]) over all the given leaf hashes (RFC 9162 §2.1.3.1). */
export declare function inclusionProof(
  leafHashes: ReadonlyArray<HashInput>,
  index: number,
): Promise<Uint8Array[]>;
/** PROOF(size1, D[size2]) over the first size2 leaf hashes (RFC 9162 §2.1.4.1); empty for size1 0 or size2. */
export declare function consistencyProof(
  leafHashes: ReadonlyArray<HashInput>,
  size1: number,
  size2: number,
): Promise<Uint8Array[]>;

// ── Log entries ───────────────────────────────────────────────────────────────────────────────────

/** One leaf of the log: one change of one record. Its leaf data is the UTF-8 of its canonical JSON. */
export interface LogEntry {
  /** The organization's UUID, lowercase. */
  organization: string;
  /** The record kind, a lowercase_word: receive_record, lot, dispatch_record… */
  type: string;
  /** The record's UUID, lowercase. */
  id: string;
  /** The record's version after the change: a whole number. */
  version: number;
  /** What happened, a lowercase_word: posted, voided, created… */
  event: string;
  /** When it was logged: ISO 8601 UTC with milliseconds, 2026-11-26T05:00:00.123Z. */
  logged_at: string;
  /** base64 of SHA-256 of the UTF-8 of canonicalize(snapshot). */
  snapshot_sha256: string;
}

/** base64 of SHA-256 of the UTF-8 of canonicalize(snapshot). */
export declare function snapshotDigest(snapshot: unknown): Promise<string>;
/** The UTF-8 of canonicalize(entry), after checking every field; throws VerifyError naming a bad one. */
export declare function entryLeafData(entry: LogEntry): Uint8Array;
/** leafHash(entryLeafData(entry)). */
export declare function entryLeafHash(entry: LogEntry): Promise<Uint8Array>;

// ── Checkpoints (C2SP tlog-checkpoint in a C2SP signed-note) ─────────────────────────────────────

/** One signature line of a note. */
export interface NoteSignature {
  /** The key name. */
  name: string;
  /** The 4-byte key ID as 8 lowercase hex digits. */
  keyId: string;
  /** The bytes after the key ID: for an Ed25519 key, the 64-byte signature of the body. */
  signature: Uint8Array;
}

export interface Checkpoint {
  origin: string;
  size: number;
  rootHash: Uint8Array;
  /** Lines after the root hash (C2SP extension lines); PlasTrace writes none. */
  extensions: string[];
  signatures: NoteSignature[];
  /** The signed text: every line of the checkpoint up to the blank line, with its final newline. */
  body: string;
}

/** A log's (or witness's) Ed25519 public key, as Go's sumdb/note names keys. */
export interface VerifierKey {
  name: string;
  /** 8 lowercase hex digits: the first 4 bytes of SHA-256(name ‖ 0x0A ‖ 0x01 ‖ publicKey). */
  keyId: string;
  publicKey: Uint8Array;
}

export type CheckpointResult = { ok: true; checkpoint: Checkpoint } | { ok: false; reason: string };

/** `<origin>\n<size>\n<base64 root>\n`. */
export declare function checkpointBody(origin: string, size: number, rootHash: HashInput): string;
/** Reads a checkpoint note without verifying it; throws VerifyError when it is malformed. */
export declare function parseCheckpoint(note: string): Checkpoint;
/** Reads `<name>+<key ID>+<base64(0x01 ‖ key)>`, checking the key ID; rejects with VerifyError. */
export declare function parseVerifierKey(vkey: string): Promise<VerifierKey>;
/** The verifier key text of an Ed25519 public key. */
export declare function verifierKey(name: string, publicKey: Uint8Array): Promise<string>;
/** The key ID of an Ed25519 public key under a name, as 8 lowercase hex digits. */
export declare function keyId(name: string, publicKey: Uint8Array): Promise<string>;
/**
 * Whether the note is signed by the key. Other keys' signatures (witnesses' cosignatures) are
 * ignored; every line with this key's name and ID must verify.
 */
export declare function verifyCheckpoint(note: string, vkey: string | VerifierKey): Promise<CheckpointResult>;
/** body + "\n" + one `— <name> <base64(key ID ‖ signature)>` line per signature. */
export declare function formatNote(body: string, signatures: ReadonlyArray<NoteSignature>): string;

// ── Bundles ───────────────────────────────────────────────────────────────────────────────────────

export declare const BUNDLE_FORMAT: 'plastrace-log-bundle/v1';

/** What GET /api/log/records/{type}/{id} answers. */
export interface LogBundle {
  format: 'plastrace-log-bundle/v1';
  entry: LogEntry;
  /** The record's public snapshot, whose canonical JSON's SHA-256 the entry holds. */
  snapshot: Record<string, unknown>;
  /** The leaf's index in the log. */
  index: number;
  /** The tree size the proof and checkpoint are for. */
  tree_size: number;
  /** base64 of the proof's 32-byte hashes one after another. */
  inclusion_proof: string;
  /** The signed checkpoint note. */
  checkpoint: string;
}

export interface BundleCheck {
  name: 'format' | 'snapshot' | 'record' | 'leaf' | 'signature' | 'size' | 'inclusion';
  ok: boolean;
  /** What was found, in plain words; for a failed check, why. */
  detail: string;
}

export interface BundleResult {
  ok: boolean;
  /** The failed check's detail. */
  reason?: string;
  /** The checks made, in order, up to and including the first that failed. */
  checks: BundleCheck[];
  /** The entry's leaf hash in base64, once computed. */
  leafHash?: string;
  /** The bundle's index, once its format is checked. */
  index?: number;
  /** The bundle's tree_size, once its format is checked. */
  treeSize?: number;
  /** The checkpoint's origin, once its signature is verified. */
  origin?: string;
  /** The bundle's entry, once its format is checked. */
  entry?: LogEntry;
}

/** The base64 of the proof's hashes one after another. */
export declare function encodeProof(hashes: ReadonlyArray<HashInput>): string;
/** The hashes of an encoded proof; throws VerifyError when it is not base64 of 32-byte hashes. */
export declare function decodeProof(text: string): Uint8Array[];
/** A bundle from its parts; the proof is encoded. Throws VerifyError on a malformed entry. */
export declare function createBundle(parts: {
  entry: LogEntry;
  snapshot: Record<string, unknown>;
  index: number;
  treeSize: number;
  proof: ReadonlyArray<HashInput>;
  checkpoint: string;
}): LogBundle;
/**
 * Checks a bundle against the log's verifier key, every step reported. Never throws. The bundle is
 * a parsed JSON bundle or a compact bundle's bytes; a compact bundle that does not decode fails the
 * format check.
 */
export declare function verifyBundle(bundle: unknown, vkey: string | VerifierKey): Promise<BundleResult>;

// ── Compact bundles (binary) ──────────────────────────────────────────────────────────────────────

/** The media type of a compact bundle. */
export declare const COMPACT_BUNDLE_MEDIA_TYPE: 'application/vnd.plastrace.log-bundle';
/**
 * The compact binary form of a bundle: magic `PTLB`, version 1, then the same members without what can
 * be computed (the snapshot's digest, the checkpoint's root). Throws VerifyError naming what cannot be
 * encoded: a malformed member, a checkpoint with extension lines or for another tree size, a text or
 * signature over 255 bytes. A snapshot or root that does not match encodes, and fails verification.
 */
export declare function encodeCompactBundle(bundle: LogBundle): Uint8Array;
/**
 * The bundle in a compact form, as its JSON form reads: the snapshot's digest and the checkpoint's
 * root are computed, so a changed byte shows as a signature that does not verify. Rejects with
 * VerifyError saying what is malformed (magic, version, the field it is cut short in, an overlong
 * varint, trailing bytes, a snapshot that is not canonical JSON of an object, a proof that leads
 * nowhere).
 */
export declare function decodeCompactBundle(bytes: Uint8Array): Promise<LogBundle>;
/** Whether the bytes start with a compact bundle's magic, `PTLB` (of any version). */
export declare function isCompactBundle(bytes: Uint8Array): boolean;
