import type { Db } from './db/client.ts';
import type { Mailer } from './modules/mail/mail.service.ts';

/** What services need besides their arguments; built once in app.ts and passed to every module. */
export type AppContext = { db: Db; mailer: Mailer; publicUrl: string };
