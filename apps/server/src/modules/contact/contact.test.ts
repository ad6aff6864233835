import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditLog, contactMessages, outbox } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { client } from '../../test/http.ts';
import { startSmtp } from '../../test/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.close());
const ctx = useTestApp({ smtpUrl: () => smtp.url });

let n = 0;
const uniqueEmail = () => `Sender.${Date.now()}.${n++}@Example.ph`;
const valid = (extra: Record<string, unknown> = {}) => ({
  name: 'Ana Reyes',
  email: uniqueEmail(),
  organization: 'Quezon City Junkshop Cooperative',
  topic: 'beta_access',
  message: 'We run three junkshops in Quezon City and would like to join the beta.',
  ...extra,
});

describe('POST /api/contact', () => {
  it('stores the message and mails it to support, with a receipt to the sender', async () => {
    const c = await client(ctx.app);
    const body = valid();
    const res = await c.post('/api/contact', body);
    expect(res.statusCode).toBe(201);
    const { reference, message } = res.json();
    expect(reference).toMatch(/^PT-[0-9A-F]{8}$/);
    expect(message).toMatch(/your message has been sent/i);

    const email = body.email.toLowerCase();
    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, email));
    expect(row).toMatchObject({
      name: 'Ana Reyes',
      organization: 'Quezon City Junkshop Cooperative',
      topic: 'beta_access',
      message: body.message,
    });
    // The address only as a keyed hash: neither the address nor its plain SHA-256 is stored.
    expect(row?.ipHash).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(row)).not.toContain(c.ip);

    const toSupport = await smtp.waitFor('support@plastrace.ph', new RegExp(reference));
    expect(toSupport.subject).toContain('Beta access');
    expect(toSupport.text).toContain(body.message);
    expect(toSupport.text).toContain(`Ana Reyes <${email}>`);
    expect(toSupport.text).toContain('Quezon City Junkshop Cooperative');

    const receipt = await smtp.waitFor(email, /We received your message/);
    expect(receipt.subject).toContain(reference);
    // Nothing the sender typed is echoed to an address nobody verified.
    expect(receipt.text).not.toContain(body.message);
    expect(receipt.text).not.toContain('Ana Reyes');

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, row?.id ?? ''));
    expect(entry).toMatchObject({ action: 'contact.message', organizationId: null, ip: null, after: null });
  });

  it('keeps a blank organization as none', async () => {
    const c = await client(ctx.app);
    const body = valid({ organization: '   ' });
    expect((await c.post('/api/contact', body)).statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, body.email.toLowerCase()));
    expect(row?.organization).toBeNull();
  });

  it('refuses invalid input with one message per field and stores nothing', async () => {
    const c = await client(ctx.app);
    const email = 'not-an-email';
    const res = await c.post('/api/contact', {
      name: ' ',
      email,
      topic: 'gossip',
      message: 'Hi',
      organization: 'x'.repeat(201),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      details: {
        fields: {
          'body.name': 'Name is required',
          'body.email': 'Enter a valid email address',
          'body.topic': 'Choose a topic',
          'body.message': 'Message must be at least 10 characters',
          'body.organization': 'Organization must be at most 200 characters',
        },
      },
    });
    const tooLong = await c.post('/api/contact', valid({ message: 'x'.repeat(5001) }));
    expect(tooLong.json().details.fields['body.message']).toBe('Message must be at most 5000 characters');
    const stored = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, email));
    expect(stored).toEqual([]);
  });

  it('refuses a call without the CSRF token (403 csrf_invalid)', async () => {
    const c = await client(ctx.app);
    const body = valid();
    const res = await c.post('/api/contact', body, { 'x-csrf-token': '' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf_invalid' });
    const queued = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, body.email.toLowerCase()));
    expect(queued).toEqual([]);
  });

  it('allows 5 messages an hour per client address, then 429', async () => {
    const c = await client(ctx.app);
    for (let i = 0; i < 5; i++) expect((await c.post('/api/contact', valid())).statusCode).toBe(201);
    const refused = await c.post('/api/contact', valid());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    // Another address is not affected.
    expect((await (await client(ctx.app)).post('/api/contact', valid())).statusCode).toBe(201);
  });

  it('allows 5 messages a day to one email address, from any client address, then 429', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) {
      const c = await client(ctx.app);
      expect((await c.post('/api/contact', valid({ email }))).statusCode).toBe(201);
    }
    const refused = await (await client(ctx.app)).post('/api/contact', valid({ email: email.toUpperCase() }));
    expect(refused.statusCode).toBe(429);
    const stored = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, email.toLowerCase()));
    expect(stored).toHaveLength(5);
  });
});

describe('SUPPORT_EMAIL', () => {
  it('GET /api/contact names the default support address', async () => {
    const res = await ctx.app.inject('/api/contact');
    expect(res.json()).toEqual({ support_email: 'support@plastrace.ph' });
  });

  it('sends messages to the configured address', async () => {
    const app = await buildApp({
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        smtpUrl: smtp.url,
        supportEmail: 'help@recycler.example.ph',
      },
      db: ctx.database.db,
    });
    try {
      expect((await app.inject('/api/contact')).json()).toEqual({
        support_email: 'help@recycler.example.ph',
      });
      const res = await (await client(app)).post('/api/contact', valid({ topic: 'privacy' }));
      expect(res.statusCode).toBe(201);
      const mail = await smtp.waitFor('help@recycler.example.ph', new RegExp(res.json().reference));
      expect(mail.subject).toContain('Privacy and my data');
    } finally {
      await app.close();
    }
  });
});
