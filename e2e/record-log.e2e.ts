import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInWithForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { asOwner, ownerUrl } from './support/db.ts';
import { receive } from './support/forms.ts';

// The record log as its users meet it: a delivery's lot verified in the browser by someone signed out,
// the downloaded proof checked offline with the command-line verifier, and a lot changed directly in
// PostgreSQL found by `npm run log:audit` and by the lot's page.

const b = useBrowser();
const root = fileURLToPath(new URL('..', import.meta.url));

async function setup() {
  const { api, email } = await registerAdmin('Record Log Recyclers');
  const must = async (path: string, body: unknown) => {
    const res = await api.call<{ id: string }>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  };
  await must('/materials', { code: 'PET-CLR', name: 'PET clear bottles', polymer: 'PET', form: 'bottles' });
  await must('/facilities', { code: 'LOG1', name: 'Pasig Yard', type: 'junkshop', city: 'Pasig' });
  await must('/suppliers', { code: 'SUP-1', name: 'Rosario Junkshop', type: 'junkshop' });
  return email;
}

/** The record's proof bundle once the sequencer has placed it (it runs every half second). */
async function placed(id: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${inject('baseUrl')}/api/log/records/${id}`);
    if (res.ok) return;
    if (Date.now() > until) throw new Error(`not in the log after 30 s: ${res.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the record log in the browser', () => {
  it('verifies a lot signed out, offline with plastrace-verify, and reports a lot changed in the database', async () => {
    const email = await setup();
    await b.context.clearCookies();
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.clear());
    await signInWithForm(b.page, email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    const code = await receive(b.page, {
      facility: 'Pasig Yard (LOG1)',
      material: 'PET clear bottles (PET-CLR)',
      supplier: ['Rosario', /Rosario Junkshop/],
      kg: '480',
      price: '16.50',
    });
    const lotId = ((await b.page.locator('a[href^="/batch-management/"]').first().getAttribute('href')) ?? '')
      .split('/')
      .pop() as string;
    await placed(lotId);

    // The lot's QR link, opened by someone who is not signed in: the proof is checked in this browser.
    await b.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await b.context.clearCookies();
    await b.page.goto(`/verify/${lotId}`);
    const log = b.page.getByRole('region', { name: 'Record log' });
    await log.getByRole('heading', { name: 'Verified' }).waitFor({ timeout: 30_000 });
    await expect(log.getByText(code).first().isVisible()).resolves.toBe(true);

    // The bundle, downloaded and verified offline with the command the page gives.
    const dir = mkdtempSync(join(tmpdir(), 'plastrace-bundle-'));
    try {
      const [download] = await Promise.all([
        b.page.waitForEvent('download'),
        log.getByRole('button', { name: 'Download proof bundle' }).click(),
      ]);
      const file = join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const { key } = (await (await fetch(`${inject('baseUrl')}/api/log/public-key`)).json()) as {
        key: string;
      };
      const verify = spawnSync(
        process.execPath,
        [join(root, 'packages/verify/bin/plastrace-verify.mjs'), file, '--key', key],
        {
          encoding: 'utf8',
        },
      );
      expect(verify.status, verify.stdout + verify.stderr).toBe(0);
      expect(verify.stdout).toContain(`VERIFIED lot ${lotId} v1`);

      // The compact form (under 1 KB beside the facts) verifies the same way.
      const [compact] = await Promise.all([
        b.page.waitForEvent('download'),
        log.getByRole('button', { name: 'Compact (.ptlb)' }).click(),
      ]);
      const compactFile = join(dir, compact.suggestedFilename());
      expect(compactFile).toMatch(/\.ptlb$/);
      await compact.saveAs(compactFile);
      const offline = spawnSync(
        process.execPath,
        [join(root, 'packages/verify/bin/plastrace-verify.mjs'), compactFile, '--key', key],
        { encoding: 'utf8' },
      );
      expect(offline.status, offline.stdout + offline.stderr).toBe(0);
      expect(offline.stdout).toContain(`VERIFIED lot ${lotId} v1`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Someone with the database's password renames the lot behind the app's back.
    await asOwner((db) => db.query(`UPDATE lots SET code = 'FORGED-0001' WHERE id = $1`, [lotId]));
    const audit = spawnSync('npm', ['run', '--silent', 'log:audit'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: ownerUrl(), DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn' },
      timeout: 120_000,
    });
    expect(audit.status, audit.stdout + audit.stderr).toBe(1);
    expect(audit.stdout).toContain(`lot ${lotId}: changed since version 1 was logged, without a new entry`);
    // The page warns, and still proves what was logged.
    await b.page.reload();
    await log.getByText('Changed without being logged').waitFor({ timeout: 30_000 });
    await log.getByRole('heading', { name: 'Verified' }).waitFor();
  }, 240_000);
});
