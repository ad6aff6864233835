import { VerifyError } from './errors.js';

const encoder = new TextEncoder();

/** @param {string} text */
export function utf8(text) {
  return encoder.encode(text);
}

/** @param {...Uint8Array} parts */
export function concatBytes(...parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
export function equalBytes(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= /** @type {number} */ (a[i]) ^ /** @type {number} */ (b[i]);
  return diff === 0;
}

/** @param {Uint8Array} bytes */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** @param {string} hex */
export function fromHex(hex) {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new VerifyError(`not hexadecimal: ${hex}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
