import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

type Page = { items: { code: string; polymer: string }[]; next_cursor: string | null };

describe('GET /api/calculations/material-types', () => {
  it('pages through every material type with keyset cursors, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=5&cursor=${cursor}` : 'limit=5';
      const res = await ctx.app.inject(`/api/calculations/material-types?${query}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Page;
      expect(body.items.length).toBeLessThanOrEqual(5);
      seen.push(...body.items.map((i) => i.code));
      cursor = body.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    const all = (await ctx.app.inject('/api/calculations/material-types?limit=200')).json() as Page;
    expect(all.next_cursor).toBeNull();
    expect(seen).toEqual(all.items.map((i) => i.code));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(20);
    expect(pages).toBe(Math.ceil(seen.length / 5));
  });

  it('carries emission factors with their source, unverified until checked', async () => {
    const body = (await ctx.app.inject('/api/calculations/material-types?q=clear')).json();
    const pet = body.items.find((i: { code: string }) => i.code === 'PET_BOTTLES_CLEAR');
    expect(pet).toMatchObject({
      polymer: 'PET',
      resin_code: 1,
      recycling_kg_co2e_per_t: -1146,
      virgin_kg_co2e_per_t: 2447,
      factor_verified: false,
    });
    expect(pet.factor_source).toContain('WARM v16');
  });

  it('filters by polymer and searches names, taking % literally', async () => {
    const hdpe = (await ctx.app.inject('/api/calculations/material-types?polymer=HDPE')).json() as Page;
    expect(hdpe.items.length).toBeGreaterThan(0);
    expect(hdpe.items.every((i) => i.polymer === 'HDPE')).toBe(true);
    const film = (await ctx.app.inject('/api/calculations/material-types?q=FILM')).json() as Page;
    expect(film.items.map((i) => i.code)).toEqual(expect.arrayContaining(['LDPE_FILM', 'HDPE_FILM']));
    const pct = (await ctx.app.inject('/api/calculations/material-types?q=%25')).json() as Page;
    expect(pct.items).toEqual([]);
  });

  it('refuses a bad limit, polymer or cursor with field messages', async () => {
    const limit = await ctx.app.inject('/api/calculations/material-types?limit=0');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().details.fields).toHaveProperty('querystring.limit');
    const polymer = await ctx.app.inject('/api/calculations/material-types?polymer=NYLON');
    expect(polymer.statusCode).toBe(400);
    expect(polymer.json().details.fields).toHaveProperty('querystring.polymer');
    const cursor = await ctx.app.inject('/api/calculations/material-types?cursor=garbage');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toMatchObject({ code: 'validation_failed', message: 'Invalid cursor' });
  });
});

describe('GET /api/calculations/process-types', () => {
  it('lists process steps with indicative energy where a source exists', async () => {
    const { items } = (await ctx.app.inject('/api/calculations/process-types')).json();
    const byCode = Object.fromEntries(items.map((p: { code: string }) => [p.code, p]));
    expect(byCode.shredding.kwh_per_tonne).toBe(92);
    expect(byCode.extrusion.kwh_per_tonne).toBe(306);
    expect(byCode.sorting.kwh_per_tonne).toBeNull();
    expect(byCode.sorting.energy_source).toContain('meter');
  });
});

describe('GET /api/calculations/epr-countries', () => {
  it('holds the Philippines under RA 11898 with its recovery targets and sources', async () => {
    const { items } = (await ctx.app.inject('/api/calculations/epr-countries')).json();
    const ph = items.find((c: { code: string }) => c.code === 'PH');
    expect(ph.law).toContain('11898');
    expect(ph.currency).toBe('PHP');
    expect(ph.baseline_year).toBe(2022);
    expect(
      ph.targets.map((t: { year: number; recovery_target_pct: number }) => [t.year, t.recovery_target_pct]),
    ).toEqual([
      [2023, 20],
      [2024, 40],
      [2025, 50],
      [2026, 60],
      [2027, 70],
      [2028, 80],
    ]);
    expect(ph.targets[0].source).toContain('DENR');
  });
});
