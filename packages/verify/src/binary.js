import { utf8 } from './bytes.js';
import { VerifyError } from './errors.js';

// Byte-level helpers for the compact bundle: unsigned LEB128 varints (7 bits a byte, low bits first,
// the high bit set on every byte but the last) for whole numbers up to 2^53 − 1, zigzag for signed
// ones, and length-prefixed text. The reader is strict, so each value has exactly one encoding: it
// refuses overlong varints (a last byte of 0 after the first) and values past 2^53 − 1.

/** 2^53 − 1 needs 53 bits: 8 varint bytes. */
const MAX_VARINT_BYTES = 8;
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Builds a byte string field by field. Callers check ranges; the writer only asserts them. */
export class Writer {
  /** @type {number[]} */
  #out = [];

  /** @param {number} byte 0 to 255 */
  u8(byte) {
    if (!Number.isInteger(byte) || byte < 0 || byte > 255) throw new VerifyError(`${byte} is not a byte`);
    this.#out.push(byte);
    return this;
  }

  /** @param {Uint8Array} bytes */
  bytes(bytes) {
    for (const byte of bytes) this.#out.push(byte);
    return this;
  }

  /**
   * Unsigned LEB128. Division, not `>>`, which truncates to 32 bits.
   * @param {number} value a whole number from 0 to 2^53 − 1
   */
  varint(value) {
    if (!Number.isSafeInteger(value) || value < 0) throw new VerifyError(`${value} is not a varint`);
    let rest = value;
    while (rest >= 0x80) {
      this.#out.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.#out.push(rest);
    return this;
  }

  /**
   * A one-byte length, then the UTF-8; throws VerifyError naming `what` past 255 bytes.
   * @param {string} text
   * @param {string} what
   */
  text(text, what) {
    const bytes = utf8(text);
    if (bytes.length > 255) throw new VerifyError(`${what} is ${bytes.length} bytes of UTF-8, above 255`);
    return this.u8(bytes.length).bytes(bytes);
  }

  result() {
    return Uint8Array.from(this.#out);
  }
}

/** Reads a byte string field by field; every error names the field and what holds it. */
export class Reader {
  #bytes;
  #at = 0;
  #name;

  /**
   * @param {Uint8Array} bytes
   * @param {string} name what the bytes are, as errors start: "the compact bundle"
   */
  constructor(bytes, name) {
    this.#bytes = bytes;
    this.#name = name;
  }

  /** How many bytes are left. */
  get left() {
    return this.#bytes.length - this.#at;
  }

  /**
   * @param {number} length
   * @param {string} what
   */
  bytes(length, what) {
    if (this.left < length) throw new VerifyError(`${this.#name} is cut short in ${what}`);
    const out = this.#bytes.slice(this.#at, this.#at + length);
    this.#at += length;
    return out;
  }

  /** @param {string} what */
  u8(what) {
    return /** @type {number} */ (this.bytes(1, what)[0]);
  }

  /** @param {string} what */
  varint(what) {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < MAX_VARINT_BYTES; i++) {
      const byte = this.u8(what);
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) {
        if (byte === 0 && i > 0) throw new VerifyError(`${this.#name} has ${what} in an overlong varint`);
        if (!Number.isSafeInteger(value)) throw new VerifyError(`${this.#name} has ${what} above 2^53 − 1`);
        return value;
      }
      scale *= 0x80;
    }
    throw new VerifyError(`${this.#name} has ${what} above 2^53 − 1`);
  }

  /**
   * UTF-8 of a given length (the BOM kept, invalid UTF-8 refused).
   * @param {number} length
   * @param {string} what
   */
  utf8(length, what) {
    const bytes = this.bytes(length, what);
    try {
      return decoder.decode(bytes);
    } catch {
      throw new VerifyError(`${what} in ${this.#name} is not UTF-8`);
    }
  }

  /**
   * A one-byte length, then the UTF-8.
   * @param {string} what
   */
  text(what) {
    return this.utf8(this.u8(`the length of ${what}`), what);
  }

  /** Throws when bytes are left over after the last field. */
  end() {
    const left = this.left;
    if (left)
      throw new VerifyError(`${this.#name} has ${left} byte${left === 1 ? '' : 's'} too many at its end`);
  }
}

/**
 * Zigzag: 0, −1, 1, −2… as 0, 1, 2, 3…, so a small negative number stays a short varint.
 * @param {number} value a whole number with |value| ≤ 2^52 − 1
 */
export function zigzag(value) {
  return value >= 0 ? 2 * value : -2 * value - 1;
}

/** @param {number} value */
export function unzigzag(value) {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}
