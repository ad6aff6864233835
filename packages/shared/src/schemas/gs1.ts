import { z } from 'zod';
import { str } from './wire.ts';

// GS1 identifiers (docs/architecture.md "Traceability"): the GTINs of products and materials and the
// organization's company prefix, which its own GTINs carry. Apart from boms.ts so that masterdata.ts
// (which boms.ts imports) can use them too.

/** The GS1 mod-10 check digit of the digits before it. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // From the right, weights 3, 1, 3, 1, …
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-8, -12, -13 or -14, kept as GTIN-14 (zeros in front) once its check digit is right. */
export const gtin = () =>
  str()
    .trim()
    .transform((v, ctx) => {
      const digits = v.replace(/[\s-]/g, '');
      if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) {
        ctx.addIssue({ code: 'custom', message: 'A GTIN has 8, 12, 13 or 14 digits' });
        return z.NEVER;
      }
      const expected = gtinCheckDigit(digits.slice(0, -1));
      if (Number(digits.at(-1)) !== expected) {
        ctx.addIssue({ code: 'custom', message: `The check digit is wrong: it should be ${expected}` });
        return z.NEVER;
      }
      return digits.padStart(14, '0');
    });

export const GS1_PREFIX_MESSAGE = 'A GS1 company prefix has 6 to 12 digits';

/** The organization's GS1 company prefix: "" and null clear it, a key left out leaves it unchanged. */
export const gs1CompanyPrefix = () =>
  str()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{6,12}$/.test(v), GS1_PREFIX_MESSAGE)
    .transform((v) => (v === '' ? null : v))
    .nullish();

/**
 * Whether a GTIN-14 was allocated under the company prefix: the digits after the indicator digit start
 * with it (GS1 General Specifications §3.3.2; a GTIN-13 padded to 14 has indicator 0).
 */
export const gtinCarriesPrefix = (gtin14: string, prefix: string) => gtin14.slice(1).startsWith(prefix);
