import { z } from 'zod';

/** A whole-number wire field typed into a text input: sent as the number, checked by the wire's rule. */
export const intText = <T extends z.ZodType<number, number>>(wireField: T) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? Number.NaN : Number(v)))
    .pipe(wireField);
