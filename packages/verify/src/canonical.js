import { VerifyError } from './errors.js';

// RFC 8785 (JCS). ECMAScript's own JSON.stringify already writes strings and numbers the way JCS
// requires, so this only adds what it lacks: sorted keys, and refusing what JSON cannot say.

const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The canonical JSON text of a value: object keys sorted by UTF-16 code units, no whitespace,
 * strings and numbers as JSON.stringify writes them. Members whose value is undefined are left out
 * as JSON.stringify does; a value's toJSON is used as JSON.stringify uses it (a Date becomes its ISO
 * text). Throws VerifyError on what has no single JSON form: NaN, Infinity, bigint, functions,
 * symbols, undefined in an array, strings with lone surrogates (RFC 8785 takes I-JSON only), cycles,
 * and objects that are not plain (Map, Set, class instances, typed arrays).
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalize(value) {
  try {
    return write(value, '', new Set());
  } catch (error) {
    // Deeper than the engine's stack: no verifier could read it either, so it is refused, not a crash.
    if (error instanceof RangeError) throw new VerifyError('the value is nested too deeply to write');
    throw error;
  }
}

/**
 * @param {unknown} value
 * @param {string} path where the value is, for the error message
 * @param {Set<object>} open the objects being written, to catch cycles
 * @returns {string}
 */
function write(value, path, open) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) {
        throw new VerifyError(`${where(path)} is ${value}, which JSON cannot hold`);
      }
      return JSON.stringify(value);
    case 'string':
      return writeString(value, path);
    case 'object':
      break;
    default: {
      const kind = value === undefined ? 'undefined' : `a ${typeof value}`;
      throw new VerifyError(`${where(path)} is ${kind}, which JSON cannot hold`);
    }
  }
  const object = /** @type {Record<string, unknown> & { toJSON?: unknown }} */ (value);
  if (typeof object.toJSON === 'function') return write(object.toJSON(), path, open);
  if (open.has(object)) throw new VerifyError(`${where(path)} refers to itself`);
  open.add(object);
  let text;
  if (Array.isArray(object)) {
    text = `[${object.map((item, i) => writeItem(item, `${path}[${i}]`, open)).join(',')}]`;
  } else {
    const proto = Object.getPrototypeOf(object);
    if (proto !== Object.prototype && proto !== null) {
      throw new VerifyError(
        `${where(path)} is not a plain object (${proto?.constructor?.name ?? 'unknown'})`,
      );
    }
    // Array.prototype.sort compares strings by UTF-16 code units, which is the order JCS asks for.
    const members = Object.keys(object)
      .sort()
      .filter((key) => object[key] !== undefined)
      .map((key) => `${writeString(key, path)}:${write(object[key], `${path}.${key}`, open)}`);
    text = `{${members.join(',')}}`;
  }
  open.delete(object);
  return text;
}

/**
 * @param {unknown} item
 * @param {string} path
 * @param {Set<object>} open
 */
function writeItem(item, path, open) {
  if (item === undefined) {
    throw new VerifyError(`${where(path)} is undefined, which a JSON array cannot hold`);
  }
  return write(item, path, open);
}

/**
 * @param {string} text
 * @param {string} path
 */
function writeString(text, path) {
  if (LONE_SURROGATE.test(text)) throw new VerifyError(`${where(path)} holds a lone UTF-16 surrogate`);
  return JSON.stringify(text);
}

/** @param {string} path */
function where(path) {
  return path ? `the value at ${path.replace(/^\./, '')}` : 'the value';
}
