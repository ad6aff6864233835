import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfPages, pdfText } from '../apps/server/src/test/pdf.ts';
import { signInFresh } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { asOwner } from './support/db.ts';

// Issue 15 as a new manager would try it on the demo data: the dashboard's figures match the records,
// summed here straight from the database.

/** The first weight written in a card ("12,345.5 kg"), in grams, to compare with the database's sum. */
function gramsIn(text: string): bigint {
  const m = /(-?[\d,]+(?:\.\d+)?) kg/.exec(text);
  if (!m?.[1]) throw new Error(`no weight in: ${text}`);
  const [int = '0', frac = ''] = m[1].replaceAll(',', '').split('.');
  return BigInt(int) * 1000n + BigInt(frac.padEnd(3, '0').slice(0, 3));
}
const grams = (kg: string) => gramsIn(`${kg} kg`);

const b = useBrowser();
const DEMO_MANAGER = { email: 'manager@demo.plastrace.ph', password: 'Malinis-demo-2026' };

/** Net kg received this month in Manila and stock on hand, from the records and the stock ledger. */
const fromRecords = () =>
  asOwner(async (db) => {
    const { rows } = await db.query<{ month: string; stock: string }>(`
      WITH o AS (SELECT id, time_zone FROM organizations WHERE slug = 'demo')
      SELECT (SELECT coalesce(sum(l.net_kg), 0)::text FROM receive_lines l
                JOIN receive_records r ON r.id = l.record_id, o
               WHERE r.organization_id = o.id AND r.status = 'posted'
                 AND (r.received_at AT TIME ZONE o.time_zone)::date
                     >= date_trunc('month', now() AT TIME ZONE o.time_zone)::date) AS month,
             (SELECT sum(qty_kg)::text FROM stock_movements m, o WHERE m.organization_id = o.id) AS stock`);
    const row = rows[0];
    if (!row) throw new Error('no demo organization');
    return row;
  });

describe('insight (issue 15)', () => {
  it('the dashboard shows figures that match the records', async () => {
    const { page } = b;
    await signInFresh(page, DEMO_MANAGER.email, DEMO_MANAGER.password);
    const month = page.getByRole('region', { name: 'Received this month' });
    await month.waitFor({ timeout: 30_000 });
    const expected = await fromRecords();
    expect(gramsIn(await month.innerText())).toBe(grams(expected.month));
    expect(gramsIn(await page.getByRole('region', { name: 'Stock on hand' }).innerText())).toBe(
      grams(expected.stock),
    );
    expect(await page.getByRole('region', { name: 'Last twelve months' }).isVisible()).toBe(true);
  }, 120_000);

  it('the impact page shows CO2e with its factors and their sources', async () => {
    const { page } = b;
    await page.goto('/impact');
    const co2e = page.getByRole('region', {
      name: 'CO2e avoided: Net recycling vs virgin production (EPA WARM v16)',
    });
    await co2e.waitFor({ timeout: 30_000 });
    expect(await co2e.innerText()).toMatch(/kg CO2e/);
    const factors = page.getByRole('table', { name: 'Emission factors by material type' });
    expect(await factors.innerText()).toMatch(/WARM/);
  }, 120_000);

  it('a forecast shows its backtest error', async () => {
    const { page } = b;
    await page.goto('/predictive-analytics');
    const backtest = page.getByRole('heading', {
      name: /^Backtest over the last 8 weeks: MAPE [\d.,]+ % \(naive [\d.,]+ %\)$/,
    });
    await backtest.waitFor({ timeout: 60_000 });
    expect(await page.getByRole('table', { name: 'What the backtest forecast, week by week' }).count()).toBe(
      1,
    );
  }, 120_000);

  it('a monthly report downloads as a PDF whose totals match the screen', async () => {
    const { page } = b;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
    const [y, m] = today.split('-').map(Number) as [number, number];
    const month = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    await page.goto(`/reports/monthly?month=${month}`);
    const finances = page.getByRole('region', { name: 'Finances' });
    await finances.waitFor({ timeout: 60_000 });
    /** A figure's value as the screen shows it ("₱1,234.50"), and as the PDF writes it ("PHP 1,234.50"). */
    const figure = async (label: string) => {
      const dd = finances
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
      return (await dd.innerText()).trim();
    };
    const purchases = await figure('Purchases');
    const sales = await figure('Sales');
    expect(purchases).toMatch(/^₱[\d,]+\.\d{2}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(pdf)).toBeGreaterThan(0);
    const text = pdfText(pdf);
    expect(text).toContain(purchases.replace('₱', 'PHP '));
    expect(text).toContain(sales.replace('₱', 'PHP '));
    expect(b.errors).toEqual([]);
  }, 120_000);
});
