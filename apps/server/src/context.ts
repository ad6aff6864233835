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
};
