import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

export type Mail = { to: string[]; subject: string; text: string };

/** Waits for the newest mail to `to` whose subject matches, as received by the test SMTP server. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const dir = inject('mailDir');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = readdirSync(dir)
      .sort()
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail)
      .filter((m) => m.to.includes(to) && subject.test(m.subject));
    const last = mails.at(-1);
    if (last) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seen = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8').slice(0, 200));
  throw new Error(
    `no mail to ${to} matching ${subject} within ${timeoutMs} ms; received: ${JSON.stringify(seen)}`,
  );
}

/** The first link of the mail that starts with `prefix` (e.g. the base URL + "/invitation/"). */
export function linkIn(mail: Mail, pattern: RegExp): string {
  const m = pattern.exec(mail.text);
  if (!m) throw new Error(`no link matching ${pattern} in "${mail.subject}"`);
  return m[0];
}
