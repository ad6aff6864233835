import { z } from 'zod';

export const healthSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string().describe('The API version, as in the OpenAPI document'),
    uptime_s: z.number(),
  })
  .meta({ id: 'Health' });

export const readySchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    database: z.boolean(),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
  })
  .meta({ id: 'Ready' });
export type Ready = z.infer<typeof readySchema>;
