import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import * as repo from './mail.repo.ts';

/** 30 s, 1, 2, 4 … 32 min apart: a mail server may be away for about an hour before a mail is given up. */
const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const RETRY_EVERY_MS = 30_000;
const BATCH = 20;
/** A stuck SMTP server must not hold a database connection for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
const FROM = 'PlasTrace <no-reply@plastrace.ph>';

/**
 * Sends what services put in the outbox. Mail is written in the same transaction as its cause, so a
 * rolled-back sign-up sends nothing; `kick()` after the commit sends it at once, a timer retries failures.
 * Without SMTP_URL, mail is printed to the log instead (links included), so a laptop needs no mail server.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : undefined;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), RETRY_EVERY_MS);
    this.timer.unref();
  }

  /** Sends pending mail soon; concurrent kicks coalesce into one more pass. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.kick();
      }
    });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  /**
   * One short transaction per mail: its row stays locked (SKIP LOCKED keeps other instances off it)
   * only while that one mail is sent, so a slow SMTP server holds one connection, not a batch.
   */
  private async drain(): Promise<void> {
    for (let i = 0; i < BATCH; i++) {
      try {
        const sent = await this.db.transaction(async (tx) => {
          const [mail] = await repo.claimUnsent(tx, MAX_ATTEMPTS, 1);
          if (!mail) return false;
          try {
            const file = mail.attachmentFileId
              ? await repo.attachmentOf(tx, mail.attachmentFileId)
              : undefined;
            const attachments = file
              ? [{ filename: file.name ?? 'attachment', content: file.bytes, contentType: file.mime }]
              : undefined;
            if (this.transport) {
              await this.transport.sendMail({
                from: FROM,
                to: mail.toAddress,
                subject: mail.subject,
                text: mail.text,
                html: mail.html ?? undefined,
                attachments,
              });
              await repo.markSent(tx, mail.id, 'smtp');
            } else {
              this.log.info(
                { to: mail.toAddress, subject: mail.subject, attachment: file?.name },
                `mail (no SMTP_URL set):\n${mail.text}`,
              );
              await repo.markSent(tx, mail.id, 'log');
            }
          } catch (err) {
            this.log.warn({ err, to: mail.toAddress }, 'sending mail failed; will retry');
            await repo.markFailed(tx, mail.id, (err as Error).message, FIRST_RETRY_MS);
          }
          return true;
        });
        if (!sent) return;
      } catch (err) {
        this.log.error({ err }, 'outbox pass failed');
        return;
      }
    }
    this.again = true; // more may be waiting: another pass right after this one
  }
}
