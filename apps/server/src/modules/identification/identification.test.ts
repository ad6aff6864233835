import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, seededOrganization } from '../../test/masterdata.ts';
import { SHIPPED_LIBRARY_DIR } from './library.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;

const shipped = (polymer: string, nth = 0) => {
  const file = readdirSync(SHIPPED_LIBRARY_DIR)
    .filter((f) => f.startsWith(`${polymer}__`))
    .sort()[nth];
  if (!file) throw new Error(`no ${polymer} spectrum`);
  return readFileSync(SHIPPED_LIBRARY_DIR + file, 'utf8');
};
const fixture = (label: string) => {
  const dir = new URL('./fixtures/', import.meta.url);
  const file = readdirSync(dir).find((f) => f.startsWith(`${label}__`));
  return readFileSync(new URL(file ?? '', dir), 'utf8');
};
/** A deterministic pseudo-random sequence (no Math.random in tests). */
const lcg = (seed: number) => () => {
  seed = (seed * 1664525 + 1013904223) % 4294967296;
  return seed / 4294967296;
};
const grid = (n: number, f: (w: number, i: number) => number, from = 600, step = 2) => ({
  wavenumbers: Array.from({ length: n }, (_, i) => from + i * step),
  intensities: Array.from({ length: n }, (_, i) => f(from + i * step, i)),
});
const fields = (res: { json: () => { details?: { fields?: Record<string, string> } } }) =>
  res.json().details?.fields;

beforeAll(async () => {
  org = await seededOrganization(ctx, 'idn');
  admin = org.admin;
});

describe('identifying a spectrum', () => {
  it('identifies a PET spectrum from CSV, answers the four fields exactly and stores the identification', async () => {
    const res = await org.operator.post('/api/identification/spectra', {
      csv: shipped('PET', 3),
      file_name: 'bottle-flake.csv',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.best).toEqual({ polymer: 'PET', score: expect.any(Number) });
    expect(body.best.score).toBeGreaterThan(0.99);
    expect(body.candidates).toHaveLength(3);
    expect(Object.keys(body.candidates[0]).sort()).toEqual(['polymer', 'reference', 'score']);
    expect(body.candidates[0].polymer).toBe('PET');
    const scores = body.candidates.map((c: { score: number }) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const ident = body.identification;
    expect(ident).toMatchObject({
      technique: 'FTIR',
      file_name: 'bottle-flake.csv',
      family: 'PET',
      confirmation: null,
    });
    expect(ident.chart.sample.length).toBe(ident.chart.reference.length);
    expect(ident.chart.reference_name).toBe(body.candidates[0].reference);
    const stored = (await admin.get(`/api/identification/identifications/${ident.id}`)).json();
    expect(stored).toMatchObject({ best_polymer: 'PET', created_by: { name: expect.any(String) } });
    expect((await org.auditor.get(`/api/identification/identifications/${ident.id}`)).statusCode).toBe(200);
  });

  it('reads JSON arrays and semicolon CSV with decimal commas, descending, alike', async () => {
    const text = shipped('PP', 1);
    const lines = text.trim().split('\n').slice(1).reverse();
    const pairs = lines.map((l) => l.split(',').map(Number) as [number, number]);
    const fromJson = await admin.post('/api/identification/spectra', {
      spectrum: { wavenumbers: pairs.map((p) => p[0]), intensities: pairs.map((p) => p[1]) },
    });
    const semicolon = lines.map((l) => l.replace(',', ';').replace('.', ',')).join('\n');
    const fromSemicolon = await admin.post('/api/identification/spectra', { csv: semicolon });
    expect(fromJson.json().best.polymer).toBe('PP');
    expect(fromSemicolon.json().candidates).toEqual(fromJson.json().candidates);
  });

  it('reports the polyethylene family, naming the sub-type only as the best match', async () => {
    const body = (await admin.post('/api/identification/spectra', { csv: shipped('LDPE', 2) })).json();
    expect(['HDPE', 'LDPE', 'PE']).toContain(body.best.polymer);
    expect(body.identification.family).toBe('PE (polyethylene)');
  });

  it('answers unknown for noise, a sine wave and polymers the library lacks, never a confident wrong polymer', async () => {
    const rnd = lcg(17);
    const samples = {
      noise: { spectrum: grid(1700, () => rnd()) },
      sine: { spectrum: grid(1700, (w) => Math.sin(w / 40)) },
      pvc: { csv: fixture('PVC') },
      abs: { csv: fixture('ABS') },
      pc: { csv: fixture('PC') },
    };
    for (const [name, sample] of Object.entries(samples)) {
      const res = await admin.post('/api/identification/spectra', sample);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().best, name).toBeNull();
      expect(res.json().candidates[0].score, name).toBeLessThan(0.7);
      expect(res.json().identification.family, name).toBeNull();
    }
  });

  it('refuses what cannot be identified with a clear 400', async () => {
    const cases: [unknown, string, string][] = [
      [
        { spectrum: grid(1700, () => 0.5) },
        'body.spectrum',
        'The spectrum is flat: it has no bands to compare',
      ],
      [{ csv: '600,1\n602,2\n604,3' }, 'body.csv', 'Too few points: 3; a spectrum needs at least 20'],
      [{ csv: `${shipped('PS').slice(0, 400)}\n1200,n/a` }, 'body.csv', ''],
      [
        { spectrum: grid(30, (w) => w, 16_000) },
        'body.spectrum',
        'Wavenumber 16000 is outside 0–15,000 cm⁻¹',
      ],
      [{ spectrum: { wavenumbers: [1, 2], intensities: [1, 2, 3] } }, 'body.spectrum', ''],
      [{ spectrum: grid(400, (w) => Math.sin(w / 30), 6000, 5) }, 'body.spectrum', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/identification/spectra', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const text = fields(res)?.[field] ?? '';
      if (message) expect(text).toBe(message);
      else expect(text).not.toBe('');
    }
    const nonNumeric = await admin.post('/api/identification/spectra', {
      csv: `${shipped('PS').split('\n').slice(0, 30).join('\n')}\n1200,n/a`,
    });
    expect(fields(nonNumeric)?.['body.csv']).toBe('Line 31: “1200,n/a” is not two numbers');
    const far = await admin.post('/api/identification/spectra', {
      spectrum: grid(400, (w) => Math.sin(w / 30), 6000, 5),
    });
    expect(fields(far)?.['body.spectrum']).toMatch(
      /^The spectrum covers 6000–7995 cm⁻¹, which overlaps no reference spectrum/,
    );
    const both = await admin.post('/api/identification/spectra', { csv: 'x', spectrum: grid(30, (w) => w) });
    expect(both.statusCode).toBe(400);
    const nir = await admin.post('/api/identification/spectra', { csv: shipped('PP'), technique: 'NIR' });
    expect(fields(nir)?.['body.technique']).toBe(
      'No NIR reference spectra: add some to your site library (the shipped library is FTIR only)',
    );
  });

  it('lists identifications newest first in keyset pages, and keeps them within the organization', async () => {
    const pages = await allPages<{ id: string; created_at: string }>(
      admin,
      '/api/identification/identifications?limit=3',
    );
    const items = pages.flat();
    expect(items.length).toBeGreaterThanOrEqual(9);
    const keys = items.map((i) => `${i.created_at} ${i.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get('/api/identification/identifications')).json().items).toEqual([]);
    expect((await other.get(`/api/identification/identifications/${items[0]?.id}`)).statusCode).toBe(404);
    expect((await org.supplier.post('/api/identification/spectra', { csv: shipped('PP') })).statusCode).toBe(
      403,
    );
    expect((await org.auditor.post('/api/identification/spectra', { csv: shipped('PP') })).statusCode).toBe(
      403,
    );
  });

  it('answers a retry with the same Idempotency-Key once', async () => {
    const key = { 'idempotency-key': 'spectrum-retry-1' };
    const a = await admin.post('/api/identification/spectra', { csv: shipped('PLA') }, key);
    const b = await admin.post('/api/identification/spectra', { csv: shipped('PLA') }, key);
    expect(b.json().identification.id).toBe(a.json().identification.id);
  });

  it('serves the library’s attribution', async () => {
    const res = await org.operator.get('/api/identification/attribution');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Creative Commons Attribution-ShareAlike 4.0');
  });
});

describe('the site library', () => {
  const nir = (center: number, i: number) =>
    grid(
      400,
      (w) => Math.exp(-(((w - center - i * 3) / 40) ** 2)) + 0.3 * Math.exp(-(((w - 6000) / 80) ** 2)),
      4000,
      10,
    );

  it('adds, lists, archives and measures leave-one-out accuracy per polymer; managers may, operators may not', async () => {
    expect(
      (
        await org.operator.post('/api/identification/references', {
          polymer: 'PP',
          name: 'x',
          csv: shipped('PP'),
        })
      ).statusCode,
    ).toBe(403);
    const added = [];
    for (const [polymer, center] of [
      ['PP', 5800],
      ['PET', 6900],
    ] as const)
      for (let i = 0; i < 3; i++) {
        const res = await org.manager.post('/api/identification/references', {
          polymer,
          name: `${polymer} NIR ${i + 1}`,
          technique: 'NIR',
          spectrum: nir(center, i),
        });
        expect(res.statusCode, res.body).toBe(201);
        added.push(res.json());
      }
    const single = await admin.post('/api/identification/references', {
      polymer: 'PC',
      name: 'PC NIR 1',
      technique: 'NIR',
      spectrum: nir(7600, 0),
      notes: 'Water bottle, resin code 7',
    });
    expect(single.json()).toMatchObject({ polymer: 'PC', points: 400, range_cm1: [4000, 7990] });
    const bad = await admin.post('/api/identification/references', {
      polymer: 'XYZ',
      name: 'x',
      csv: shipped('PP'),
    });
    expect(Object.keys(fields(bad) ?? {})).toContain('body.polymer');

    const accuracy = (await org.operator.get('/api/identification/references/accuracy?technique=NIR')).json();
    expect(accuracy.overall).toEqual({ tested: 6, correct: 6, accuracy: 1 });
    expect(accuracy.polymers).toEqual([
      { polymer: 'PC', spectra: 1, tested: 0, correct: 0, accuracy: null },
      { polymer: 'PET', spectra: 3, tested: 3, correct: 3, accuracy: 1 },
      { polymer: 'PP', spectra: 3, tested: 3, correct: 3, accuracy: 1 },
    ]);

    const identified = await org.operator.post('/api/identification/spectra', {
      spectrum: nir(6900, 1),
      technique: 'NIR',
    });
    expect(identified.json().best.polymer).toBe('PET');
    expect(identified.json().candidates[0].reference).toMatch(/^PET NIR/);

    await admin.post(`/api/identification/references/${single.json().id}/archive`);
    const listed = (await org.auditor.get('/api/identification/references?technique=NIR')).json().items;
    expect(listed.map((r: { name: string }) => r.name)).not.toContain('PC NIR 1');
    expect(await activity(admin, 'reference spectrum')).toContain(
      'Archived reference spectrum PC NIR 1 (PC)',
    );

    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get('/api/identification/references')).json().items).toEqual([]);
    expect((await other.post(`/api/identification/references/${added[0].id}/archive`)).statusCode).toBe(404);
    // Site-only FTIR with no FTIR references of its own is refused, not silently matched elsewhere.
    const siteOnly = await other.post('/api/identification/spectra', { csv: shipped('PP'), library: 'site' });
    expect(fields(siteOnly)?.['body.technique']).toMatch(/^Your site library has no FTIR reference spectra/);
  });
});
