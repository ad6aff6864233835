import { VerifyError } from './errors.js';

// Standard base64 with padding (RFC 4648 §4), written out rather than atob/btoa so that decoding is
// strict: one text per byte string, so a signature or hash cannot be re-encoded into a look-alike.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Map(Array.from(ALPHABET, (c, i) => [c, i]));

/** @param {Uint8Array} bytes */
export function toBase64(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = /** @type {number} */ (bytes[i]);
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    out += ALPHABET[a >> 2];
    out += ALPHABET[((a & 3) << 4) | (b >> 4)];
    out += i + 1 < bytes.length ? ALPHABET[((b & 15) << 2) | (c >> 6)] : '=';
    out += i + 2 < bytes.length ? ALPHABET[c & 63] : '=';
  }
  return out;
}

/**
 * Decodes standard padded base64, refusing anything else (URL alphabet, missing padding, whitespace,
 * stray bits in the last character).
 * @param {string} text
 */
export function fromBase64(text) {
  if (typeof text !== 'string' || text.length % 4 !== 0) throw new VerifyError('not base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let at = 0;
  for (let i = 0; i < text.length; i += 4) {
    let group = 0;
    for (let j = 0; j < 4; j++) {
      const c = /** @type {string} */ (text[i + j]);
      const padded = c === '=' && i + 4 === text.length && j >= 4 - padding;
      const value = padded ? 0 : VALUES.get(c);
      if (value === undefined) throw new VerifyError('not base64');
      group = (group << 6) | value;
    }
    const bytes = [group >> 16, (group >> 8) & 255, group & 255];
    for (const byte of bytes) if (at < out.length) out[at++] = byte;
  }
  // The bits a padded group leaves over must be zero, or two texts would decode alike.
  if (toBase64(out) !== text) throw new VerifyError('not canonical base64');
  return out;
}
