import type { MemberRole } from '@plastrace/shared';
import type { Db } from './db/client.ts';
import type { Mailer } from './modules/mail/mail.service.ts';

/** What services need besides their arguments; built once in app.ts and passed to every module. */
export type AppContext = { db: Db; mailer: Mailer; publicUrl: string };

/** Who is calling: the signed-in member a request's session belongs to (plugins/auth.ts resolves it). */
export type Caller = {
  sessionId: string;
  userId: string;
  organizationId: string;
  membershipId: string;
  role: MemberRole;
  supplierId: string | null;
  /**
   * Set when a machine calls with an organization API key instead of a session: its scopes and, for a
   * device's ingest key, the one device it may write for (plugins/auth.ts, permissions.ts).
   */
  apiKey?: { keyId: string; scopes: ('ingest' | 'read')[]; deviceId: string | null };
};
