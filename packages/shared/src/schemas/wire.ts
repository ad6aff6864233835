import { z } from 'zod';
import { groupedNumberHint } from '../decimal.ts';

// The field types every route's input is built from. Each refuses, with a message naming the field,
// what the wire format allows but PostgreSQL cannot store or compare: NUL and other control
// characters in text, days outside the years 1900–9999, integers beyond 32 bits, decimals beyond
// their column's precision. A module that takes input uses these, never a bare z.string() or
// z.number(), so bad input is a 400 and never reaches the database as a crash.

/** C0 controls other than tab, newline and carriage return, and DEL: PostgreSQL refuses NUL outright. */
export function hasControlCharacters(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}
export const CONTROL_CHARACTERS_MESSAGE = 'Remove control characters (such as NUL) from this text';

/** A string without control characters; chain .trim(), .min(), .max() as with z.string(). */
export const str = (message?: string) =>
  z.string(message).refine((s) => !hasControlCharacters(s), CONTROL_CHARACTERS_MESSAGE);

export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** A whole number that fits PostgreSQL's integer. */
export const int32 = (message = 'Enter a whole number') =>
  z
    .number(message)
    .int(message)
    .min(INT32_MIN, `Must be at least ${INT32_MIN}`)
    .max(INT32_MAX, `Must be at most ${INT32_MAX}`);

/** The version a client read, sent back with an update; a stale one gets 409. */
export const versionField = () =>
  z
    .number('Send the version you read')
    .int('Send the version you read')
    .min(0, 'Send the version you read')
    .max(INT32_MAX, 'Send the version you read')
    .describe('The version you read; a stale one gets 409');

export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '9999-12-31';
const DAY_RANGE = `between ${FIRST_DAY} and ${LAST_DAY}`;

/** True for a real calendar day (no 31 April) in the years PlasTrace stores. */
const isStorableDay = (d: string) => {
  const ms = Date.parse(`${d}T00:00:00Z`);
  return (
    !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === d && d >= FIRST_DAY && d <= LAST_DAY
  );
};

/** A calendar day as YYYY-MM-DD. */
export const day = (message = 'Enter a date as YYYY-MM-DD') =>
  z.iso.date(message).refine(isStorableDay, `Enter a real date ${DAY_RANGE}`);

/** An instant as ISO 8601 with an offset (2026-11-23T08:30:00+08:00). */
export const instant = (message = 'Enter a date and time such as 2026-11-23T08:30:00+08:00') =>
  z.iso.datetime({ offset: true, message }).refine((v) => {
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) return false;
    const utcDay = new Date(ms).toISOString().slice(0, 10);
    return utcDay >= FIRST_DAY && utcDay <= LAST_DAY;
  }, `Enter a date and time ${DAY_RANGE}`);

type DecimalRule = {
  /** Decimals allowed (the column's scale). */
  scale: number;
  /** Digits allowed before the point (the column's precision less its scale). */
  digits: number;
  /** Negative values allowed. */
  signed?: boolean;
  min?: number;
  max?: number;
  /** Must be above zero. */
  positive?: boolean;
};

/**
 * A decimal given as a number or a string, checked against its numeric(p, s) column and sent on as a
 * string: PostgreSQL stores it exactly and floats never touch mass or money.
 */
export const decimal = (label: string, rule: DecimalRule) =>
  z
    .union([z.number(), str().trim()])
    .transform((v, ctx) => {
      const s = typeof v === 'number' ? String(v) : v;
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
      const grouped = m ? undefined : groupedNumberHint(s);
      if (grouped) return fail(`${label}: ${grouped.charAt(0).toLowerCase()}${grouped.slice(1)}`);
      if (!m) return fail(`${label} must be ${rule.signed ? 'a number' : 'a non-negative number'}`);
      if (m[1] && !rule.signed) return fail(`${label} must be a non-negative number`);
      if ((m[3]?.length ?? 0) > rule.scale)
        return fail(
          rule.scale === 0
            ? `${label} must be a whole number`
            : `${label} can have at most ${rule.scale} decimal${rule.scale === 1 ? '' : 's'}`,
        );
      if ((m[2] ?? '').replace(/^0+/, '').length > rule.digits)
        return fail(`${label} must be below ${(10 ** rule.digits).toLocaleString('en-US')}`);
      const n = Number(s);
      if (rule.positive && n <= 0) return fail(`${label} must be greater than 0`);
      if (rule.min !== undefined && n < rule.min) return fail(`${label} must be at least ${rule.min}`);
      if (rule.max !== undefined && n > rule.max) return fail(`${label} must be at most ${rule.max}`);
      return s;
    })
    .describe('A number or a decimal string such as "12.50"');

/** An opaque keyset cursor as the API hands it out (base64url). */
export const cursorParam = () =>
  z
    .string()
    .max(500, 'Invalid cursor')
    .regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor')
    .optional()
    .describe('`next_cursor` of the previous page');
