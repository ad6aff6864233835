import { readdirSync, readFileSync } from 'node:fs';
import {
  MATCH_THRESHOLD,
  minMax,
  parseSpectrumCsv,
  polymerFamily,
  processSpectrum,
  resample,
} from '@plastrace/shared';
import { describe, expect, it } from 'vitest';
import { match, type Reference, shippedLibrary } from './library.ts';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const fixture = (label: string) => {
  const file = readdirSync(FIXTURES).find((f) => f.startsWith(`${label}__`));
  if (!file) throw new Error(`no fixture ${label}`);
  return parseSpectrumCsv(readFileSync(new URL(file, FIXTURES), 'utf8'));
};

describe('the shipped library', () => {
  it('holds the 77 MicroPlastiX spectra of seven polymers, with their attribution beside them', async () => {
    const lib = await shippedLibrary();
    expect(lib).toHaveLength(77);
    const per = Object.fromEntries(
      [...new Set(lib.map((r) => r.polymer))].map((p) => [p, lib.filter((r) => r.polymer === p).length]),
    );
    expect(per).toEqual({ HDPE: 12, LDPE: 12, PE: 5, PET: 12, PLA: 12, PP: 12, PS: 12 });
    const attribution = readFileSync(
      new URL('../../../reference/spectra/ATTRIBUTION.md', import.meta.url),
      'utf8',
    );
    expect(attribution).toContain('CC BY-SA 4.0');
    expect(attribution).toContain('Open Specy');
  });

  // Every third spectrum of each polymer is held out and identified against the other two thirds. The
  // polyethylenes (HDPE, LDPE, PE) count as one class: on these spectra the method cannot separate them
  // (median r 0.94 HDPE–HDPE vs 0.95 HDPE–LDPE, reference/spectra/README.md). Measured: 25/25 by family,
  // 24/25 by exact label (one LDPE was matched to HDPE).
  it('identifies held-out spectra top-1 at ≥ 90 %, by family and by exact label', async () => {
    const lib = await shippedLibrary();
    const held: Reference[] = [];
    const rest: Reference[] = [];
    for (const polymer of new Set(lib.map((r) => r.polymer)))
      lib
        .filter((r) => r.polymer === polymer)
        .forEach((r, i) => {
          (i % 3 === 2 ? held : rest).push(r);
        });
    expect(held.length).toBe(25);
    let family = 0;
    let strict = 0;
    for (const s of held) {
      const m = match(s.spectrum, rest);
      if (m?.best && polymerFamily(m.best.polymer) === polymerFamily(s.polymer)) family++;
      if (m?.best?.polymer === s.polymer) strict++;
    }
    expect(family / held.length).toBeGreaterThanOrEqual(0.9);
    // The answer names the exact label, so it must meet the bar too (24/25 measured; an HDPE/LDPE swap is
    // the one miss the data allow).
    expect(strict / held.length).toBeGreaterThanOrEqual(0.9);
  });

  // Open Specy's test_lib fixtures are stored already processed (|SG derivative|, min–max). A client
  // uploading one sends it as if raw, so the API processes it again; read as processed (resampled and
  // min–maxed only) is what Open Specy itself compares. Either way, polymers the library lacks must not
  // come back as a confident match.
  it.each(['PVC', 'ABS', 'PC', 'PMMA', 'PA', 'PEEK', 'BARRERITE'])(
    'answers unknown for the %s fixture, read raw or processed',
    async (label) => {
      const lib = await shippedLibrary();
      const raw = fixture(label);
      const asRaw = match(processSpectrum(raw), lib);
      const grid = resample(raw);
      const asProcessed = match({ start: grid.start, values: minMax(grid.values) ?? [] }, lib);
      for (const m of [asRaw, asProcessed]) {
        expect(m?.best).toBeNull();
        expect(m?.candidates[0]?.score).toBeLessThan(MATCH_THRESHOLD);
      }
    },
  );

  it('recognises the fixture labelled PS as the polypropylene it is (the folder README’s check)', async () => {
    const grid = resample(fixture('PS'));
    const m = match({ start: grid.start, values: minMax(grid.values) ?? [] }, await shippedLibrary());
    expect(m?.best?.polymer).toBe('PP');
    expect(m?.best?.score).toBeGreaterThan(0.95);
  });
});
