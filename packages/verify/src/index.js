// @plastrace/verify: everything needed to check a PlasTrace log bundle offline, in Node or a browser,
// with no dependency. The formats are described in ../README.md; the types in ../index.d.ts.
export { fromBase64, toBase64 } from './base64.js';
export { BUNDLE_FORMAT, createBundle, decodeProof, encodeProof, verifyBundle } from './bundle.js';
export { canonicalize } from './canonical.js';
export { checkpointBody, parseCheckpoint, verifyCheckpoint } from './checkpoint.js';
export {
  COMPACT_BUNDLE_MEDIA_TYPE,
  decodeCompactBundle,
  encodeCompactBundle,
  isCompactBundle,
} from './compact.js';
export { entryLeafData, entryLeafHash, snapshotDigest } from './entry.js';
export { VerifyError } from './errors.js';
export { emptyRoot, leafHash, nodeHash } from './hash.js';
export { rootFromInclusionProof, verifyConsistency, verifyInclusion } from './merkle.js';
export { formatNote, keyId, parseVerifierKey, verifierKey } from './note.js';
export { consistencyProof, inclusionProof, rootOf } from './tree.js';
