import { z } from 'zod';
import { cursorParam, str } from './wire.ts';

export const MAX_PAGE_SIZE = 200;

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  cursor: cursorParam(),
  q: str().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Keyset pagination: `next_cursor` is opaque and null on the last page. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });
