import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { useTestApp } from '../../test/app.ts';
import { listLots, type MarketOrg, marketOrganization } from '../../test/market.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { runAlerts } from './alerts.worker.ts';

// Saved searches belong to the member who saved them; their alerts e-mail, once a day at 08:00 in the
// organization's time zone, the new active listings of other organizations that match, exactly once.

const ctx = useTestApp();
let a: MarketOrg;
let b: MarketOrg;
let worker: AppContext;
const DAY = 86_400_000;
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

beforeAll(async () => {
  [a, b] = await Promise.all([marketOrganization(ctx, 'alpha'), marketOrganization(ctx, 'beta')]);
  worker = {
    db: ctx.database.db,
    mailer: { kick: async () => {} } as unknown as Mailer,
    publicUrl: 'http://localhost:3000',
  };
}, 120_000);

const mailsTo = async (email: string) =>
  (
    await ctx.database.db.execute<{ subject: string; text: string }>(
      sql`SELECT subject, text FROM outbox WHERE to_address = ${email} AND subject LIKE '%new listing%'
          ORDER BY created_at`,
    )
  ).rows;

describe('saved searches', () => {
  it('are the member’s own: another member or organization gets 404 and never sees them', async () => {
    const res = await a.manager.post(
      '/api/market/saved-searches',
      {
        name: 'PET flakes near Manila',
        filters: { polymer: 'PET', form: 'flake', max_price: '45' },
        alert: false,
      },
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({ name: 'PET flakes near Manila', alert: false });
    expect(s.filters).toEqual({ polymer: 'PET', form: 'flake', max_price: '45' });
    const url = `/api/market/saved-searches/${s.id}`;
    expect((await a.manager.get(url)).statusCode).toBe(200);
    for (const other of [a.admin, a.auditor, b.admin]) {
      expect((await other.get(url)).statusCode).toBe(404);
      expect((await other.patch(url, { alert: true })).statusCode).toBe(404);
      expect((await other.delete(url)).statusCode).toBe(404);
      const list = (await other.get('/api/market/saved-searches')).json();
      expect(list.items.map((i: { id: string }) => i.id)).not.toContain(s.id);
    }
    // A supplier member may not read the marketplace at all.
    expect((await a.supplier.get('/api/market/saved-searches')).statusCode).toBe(403);

    const patched = await a.manager.patch(url, { name: 'PET flakes', alert: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'PET flakes', alert: true });
    expect((await a.manager.get('/api/market/saved-searches')).json().items).toHaveLength(1);
    expect((await a.manager.delete(url)).statusCode).toBe(204);
    expect((await a.manager.get(url)).statusCode).toBe(404);
  });

  it('refuse bad filters under their field', async () => {
    const res = await a.manager.post(
      '/api/market/saved-searches',
      { name: 'x', filters: { polymer: 'GOLD', max_price: 'cheap' } },
      key(),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fields)).toEqual(
      expect.arrayContaining(['body.filters.polymer', 'body.filters.max_price']),
    );
  });
});

describe('alerts', () => {
  it('e-mail new matching listings of other organizations once, at 08:00, and nothing when nothing is new', async () => {
    const email = 'operator.alpha@demo.plastrace.ph';
    const saved = await a.operator.post(
      '/api/market/saved-searches',
      { name: 'Sell PET', filters: { side: 'sell', kind: 'material', polymer: 'PET' }, alert: true },
      key(),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const off = await a.manager.post(
      '/api/market/saved-searches',
      { name: 'Quiet', filters: { side: 'sell' }, alert: false },
      key(),
    );
    expect(off.statusCode).toBe(201);

    const [lot] = await b.receiveFlake(['2000']);
    const [own] = await a.receiveFlake(['800']);
    const theirs = await listLots(b.manager, b, [lot as { id: string; kg: string }], {
      title: 'Beta clear flakes',
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const mine = await listLots(a.manager, a, [own as { id: string; kg: string }], {
      title: 'Alpha own flakes',
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const hdpe = await b.manager.post(
      '/api/market/listings',
      {
        side: 'buy',
        kind: 'material',
        title: 'Wanted HDPE',
        polymer: 'HDPE',
        form: 'flake',
        quantity: '900',
      },
      key(),
    );
    expect(hdpe.statusCode, hdpe.body).toBe(201);

    // Before the next 08:00 in Manila nothing is due: the search was saved after the last one.
    expect(await runAlerts(worker, new Date())).toBe(0);
    const twoDays = new Date(Date.now() + 2 * DAY);
    expect(await runAlerts(worker, twoDays)).toBeGreaterThanOrEqual(1);
    expect(await runAlerts(worker, twoDays)).toBe(0);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? '';
    expect(text).toContain('Beta clear flakes');
    expect(text).toContain('Beta clear flakes: 2,000 kg, ₱42.00 per kg, quality level 2');
    expect(text).toContain(`http://localhost:3000/marketplace/listings/${theirs.json().id}`);
    expect(text).not.toContain('Alpha own flakes');
    expect(text).not.toContain('Wanted HDPE');
    expect(await mailsTo('manager.alpha@demo.plastrace.ph')).toHaveLength(0);

    // The next day: nothing new, nothing sent.
    expect(await runAlerts(worker, new Date(Date.now() + 3 * DAY))).toBe(0);
    expect(await mailsTo(email)).toHaveLength(1);
  }, 60_000);

  it('never skip a listing created before a pass but committed after it', async () => {
    const db = ctx.database.db;
    const saved = await a.admin.post(
      '/api/market/saved-searches',
      { name: 'Late ones', filters: { q: 'Late committed' }, alert: true },
      key(),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const [owner] = (
      await db.execute<{ email: string }>(
        sql`SELECT u.email FROM market_saved_searches s JOIN users u ON u.id = s.user_id
            WHERE s.id = ${saved.json().id}`,
      )
    ).rows;
    const email = owner?.email ?? '';
    // A pass at 08:00:30 in Manila five days from now (the alerts test above ran passes up to three days on).
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
    const pass = new Date(Date.parse(`${today}T08:00:30+08:00`) + 5 * DAY);
    const listing = async (title: string, createdAt: Date) => {
      const res = await b.manager.post(
        '/api/market/listings',
        { side: 'buy', kind: 'material', title, polymer: 'PP', form: 'flake', quantity: '500' },
        key(),
      );
      expect(res.statusCode, res.body).toBe(201);
      // created_at is when the listing's transaction started, which is what the row carries.
      await db.execute(
        sql`UPDATE market_listings SET created_at = ${createdAt.toISOString()}::timestamptz
            WHERE id = ${res.json().id}`,
      );
    };

    // Committed before the pass: too close to it to be sent by it.
    await listing('Late committed early', new Date(pass.getTime() - 10_000));
    await runAlerts(worker, pass);
    expect(await mailsTo(email)).toHaveLength(0);
    // Started before the pass, committed after it: still after the watermark.
    await listing('Late committed slow', new Date(pass.getTime() - 20_000));
    await runAlerts(worker, new Date(pass.getTime() + DAY));
    await runAlerts(worker, new Date(pass.getTime() + 2 * DAY));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('2 new listings');
    expect(mails[0]?.text).toContain('Late committed early');
    expect(mails[0]?.text).toContain('Late committed slow');
  }, 60_000);
});
