import { concatBytes, equalBytes } from './bytes.js';

// Ed25519 verification (RFC 8032 §5.1.7). WebCrypto does it where the runtime has it (Node ≥ 18.4,
// current browsers); the BigInt code below is the fallback for runtimes that lack it. Speed does not
// matter here — a verification is two scalar multiplications — clarity and strictness do.

/**
 * @param {Uint8Array} publicKey 32 bytes
 * @param {Uint8Array} message
 * @param {Uint8Array} signature 64 bytes
 * @returns {Promise<boolean>}
 */
export async function verifyEd25519(publicKey, message, signature) {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const subtle = globalThis.crypto.subtle;
  try {
    const key = await subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
    return await subtle.verify({ name: 'Ed25519' }, key, signature, message);
  } catch {
    // No Ed25519 in this runtime's WebCrypto, or a key it will not take: the reference code decides.
    return verifyEd25519Reference(publicKey, message, signature);
  }
}

const P = 2n ** 255n - 19n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const D = mod(-121665n * invert(121666n));
const SQRT_M1 = power(2n, (P - 1n) / 4n);

/** @typedef {[bigint, bigint, bigint, bigint]} Point extended coordinates X, Y, Z, T with x = X/Z, y = Y/Z, xy = T/Z */

/** @type {Point} */
const BASE = [
  15112221349535400772501151409588531511454012693041857206046113283949847762202n,
  46316835694926478169428394003475163141307993866256225615783033603165251855960n,
  1n,
  mod(
    15112221349535400772501151409588531511454012693041857206046113283949847762202n *
      46316835694926478169428394003475163141307993866256225615783033603165251855960n,
  ),
];
/** @type {Point} */
const IDENTITY = [0n, 1n, 1n, 0n];

/**
 * RFC 8032 §5.1.7 in pure JavaScript: accepts when encode([S]B − [k]A) equals R byte for byte,
 * with S < L and A a canonical point encoding.
 * @param {Uint8Array} publicKey 32 bytes
 * @param {Uint8Array} message
 * @param {Uint8Array} signature 64 bytes
 * @returns {Promise<boolean>}
 */
export async function verifyEd25519Reference(publicKey, message, signature) {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const a = decodePoint(publicKey);
  if (!a) return false;
  const r = signature.subarray(0, 32);
  const s = littleEndian(signature.subarray(32));
  if (s >= L) return false;
  const digest = await globalThis.crypto.subtle.digest('SHA-512', concatBytes(r, publicKey, message));
  const k = littleEndian(new Uint8Array(digest)) % L;
  const minusA = /** @type {Point} */ ([mod(-a[0]), a[1], a[2], mod(-a[3])]);
  return equalBytes(encodePoint(add(multiply(BASE, s), multiply(minusA, k))), r);
}

/** @param {bigint} a */
function mod(a) {
  const r = a % P;
  return r >= 0n ? r : r + P;
}

/**
 * @param {bigint} base
 * @param {bigint} exponent
 */
function power(base, exponent) {
  let result = 1n;
  let b = mod(base);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
  }
  return result;
}

/** @param {bigint} a */
function invert(a) {
  return power(a, P - 2n);
}

/**
 * The unified addition of RFC 8032 §5.1.4; it also doubles, the curve being complete.
 * @param {Point} p
 * @param {Point} q
 * @returns {Point}
 */
function add([x1, y1, z1, t1], [x2, y2, z2, t2]) {
  const a = mod((y1 - x1) * (y2 - x2));
  const b = mod((y1 + x1) * (y2 + x2));
  const c = mod(2n * D * t1 * t2);
  const d = mod(2n * z1 * z2);
  const e = b - a;
  const f = d - c;
  const g = d + c;
  const h = b + a;
  return [mod(e * f), mod(g * h), mod(f * g), mod(e * h)];
}

/**
 * @param {Point} point
 * @param {bigint} scalar
 */
function multiply(point, scalar) {
  let result = IDENTITY;
  let addend = point;
  for (let k = scalar; k > 0n; k >>= 1n) {
    if (k & 1n) result = add(result, addend);
    addend = add(addend, addend);
  }
  return result;
}

/** @param {Point} point */
function encodePoint([x, y, z]) {
  const zInverse = invert(z);
  const affineX = mod(x * zInverse);
  let affineY = mod(y * zInverse);
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    out[i] = Number(affineY & 255n);
    affineY >>= 8n;
  }
  out[31] = /** @type {number} */ (out[31]) | (Number(affineX & 1n) << 7);
  return out;
}

/**
 * RFC 8032 §5.1.3; null for bytes that are not a canonical encoding of a curve point.
 * @param {Uint8Array} bytes
 * @returns {Point | null}
 */
function decodePoint(bytes) {
  const sign = /** @type {number} */ (bytes[31]) >> 7;
  const copy = bytes.slice();
  copy[31] = /** @type {number} */ (copy[31]) & 0x7f;
  const y = littleEndian(copy);
  if (y >= P) return null;
  const y2 = mod(y * y);
  const u = mod(y2 - 1n);
  const v = mod(D * y2 + 1n);
  let x = mod(u * power(v, 3n) * power(u * power(v, 7n), (P - 5n) / 8n));
  const vx2 = mod(v * x * x);
  if (vx2 === mod(-u)) x = mod(x * SQRT_M1);
  else if (vx2 !== u) return null;
  if (x === 0n && sign === 1) return null;
  if (Number(x & 1n) !== sign) x = P - x;
  return [x, y, 1n, mod(x * y)];
}

/** @param {Uint8Array} bytes */
function littleEndian(bytes) {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(/** @type {number} */ (bytes[i]));
  return n;
}
