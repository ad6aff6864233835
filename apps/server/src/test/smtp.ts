import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string };

/** Undoes the quoted-printable transfer encoding nodemailer uses for long lines. */
export function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  let body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    body = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  } else if (/content-transfer-encoding:\s*base64/i.test(head)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '';
  return { subject, text: body };
}

/** A real SMTP peer in the test process: the app's nodemailer talks SMTP to it over loopback. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = decodeMail(Buffer.concat(chunks).toString('utf8'));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...mail });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits until `count` mails to `to` match the subject, and returns the newest. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 10_000, count = 1): Promise<ReceivedMail> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const matching = received.filter((m) => m.to.includes(to) && subject.test(m.subject));
        const mail = matching.at(-1);
        if (mail && matching.length >= count) return mail;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail that carries the given query parameter, e.g. `magic_token`. */
export function linkToken(mail: ReceivedMail, param: string): string {
  const m = new RegExp(`[?&]${param}=([\\w-]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error(`no ${param} link in mail "${mail.subject}"`);
  return m[1];
}
