import { z } from 'zod';

// The admin tools (GET /api/debug): what support asks for first when something is wrong — which build
// runs, how it is configured, and whether the database, the mail outbox and the record log's queue keep up.
// Secrets are never sent: a secret setting travels as "set" or "not set".

export const DEBUG_SECRET_SET = 'set';
export const DEBUG_SECRET_NOT_SET = 'not set';

export const debugSettingSchema = z.object({
  /** The environment variable, such as PORT. */
  name: z.string(),
  /** What the running process uses; null when not set. A secret's is only "set" or "not set". */
  value: z.string().nullable(),
  secret: z.boolean(),
  description: z.string(),
});
export type DebugSetting = z.infer<typeof debugSettingSchema>;

export const debugMigrationSchema = z.object({
  name: z.string().describe('The migration file, such as 0027_epr_rules'),
  created_at: z.string().describe('When the migration was written (its journal entry), not when it ran'),
  applied: z.boolean(),
});
export type DebugMigration = z.infer<typeof debugMigrationSchema>;

export const debugSchema = z
  .object({
    generated_at: z.string(),
    version: z.string().describe('The API version, as in the OpenAPI document'),
    build: z.object({
      node_version: z.string(),
      environment: z.string().nullable().describe('NODE_ENV'),
      commit: z.string().nullable().describe('GIT_COMMIT, when the build set it'),
      started_at: z.string(),
      uptime_s: z.number().int(),
    }),
    operator: z
      .boolean()
      .describe(
        'Whether the caller runs the installation (OPERATOR_EMAILS): only operators get the configuration, database, outbox and the queue of every organization',
      ),
    configuration: z.array(debugSettingSchema).nullable(),
    database: z
      .object({
        mode: z.enum(['embedded', 'external']),
        server_version: z.string(),
        name: z.string(),
        size_bytes: z.number().int(),
        pool: z.object({
          max: z.number().int(),
          open: z.number().int(),
          idle: z.number().int(),
          waiting: z.number().int().describe('Requests waiting for a free connection'),
        }),
      })
      .nullable(),
    migrations: z.object({
      status: z.enum(['ready', 'not_ready']),
      applied: z.number().int(),
      expected: z.number().int(),
      items: z.array(debugMigrationSchema),
      pending: z.array(z.string()).describe('Migrations of this build not yet applied'),
    }),
    mail: z
      .object({
        transport: z.enum(['smtp', 'log']).describe('log: no SMTP_URL, mail is printed to the server log'),
        unsent: z.number().int(),
        failing: z.number().int().describe('Unsent mail that failed at least once (retrying or given up)'),
        sent_last_day: z.number().int().describe('Sent in the last 24 hours'),
        oldest_unsent_at: z.string().nullable(),
        oldest_unsent_age_s: z.number().int().nullable(),
      })
      .nullable(),
    record_log: z.object({
      pending: z
        .number()
        .int()
        .nullable()
        .describe('Entries of every organization waiting for the sequencer (operators)'),
      organization_pending: z.number().int().describe('Of those, this organization’s'),
      oldest_pending_at: z.string().nullable(),
      oldest_pending_age_s: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'Debug' });
export type Debug = z.infer<typeof debugSchema>;
