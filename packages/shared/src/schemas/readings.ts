import { z } from 'zod';

// Placeholder shape (issue 17, readings work fills this file): one stored reading as the API answers it.
export const readingSchema = z.object({
  id: z.number().int(),
  device_id: z.string().uuid(),
  seq: z.number().int(),
  recorded_at: z.string(),
  kind: z.string(),
  value: z.number().nullable(),
  unit: z.string().nullable(),
  stable: z.boolean().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Reading = z.infer<typeof readingSchema>;
