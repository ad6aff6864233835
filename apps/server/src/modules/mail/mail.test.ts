import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { startSmtp } from '../../test/smtp.ts';
import { Mailer } from './mail.service.ts';

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
  await database?.drop();
});

const queue = async (to: string) => {
  const [row] = await database.db
    .insert(outbox)
    .values({ toAddress: to, subject: 'Hello', text: 'Body' })
    .returning({ id: outbox.id });
  return row?.id ?? '';
};
const row = async (id: string) => (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
const log = pino({ level: 'silent' });

describe('outbox', () => {
  it('sends queued mail over SMTP once', async () => {
    const id = await queue('nena@example.ph');
    const mailer = new Mailer(database.db, log, smtp.url);
    await mailer.kick();
    await mailer.kick();
    await mailer.stop();
    expect((await row(id))?.transport).toBe('smtp');
    expect(smtp.received.filter((m) => m.to.includes('nena@example.ph'))).toHaveLength(1);
  });

  it('backs off after a failure instead of using up its attempts at once', async () => {
    const id = await queue('juan@example.ph');
    const down = new Mailer(database.db, log, 'smtp://127.0.0.1:1'); // nothing listens there
    await down.kick();
    await down.kick();
    await down.kick();
    await down.stop();
    const failed = await row(id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    const wait = (failed?.nextAttemptAt?.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    // Once the wait is over (moved into the past here), the next pass delivers it.
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
    const up = new Mailer(database.db, log, smtp.url);
    await up.kick();
    await up.stop();
    expect(await row(id)).toMatchObject({ attempts: 2, transport: 'smtp' });
  });
});
