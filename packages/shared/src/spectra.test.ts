import { describe, expect, it } from 'vitest';
import {
  checkSpectrum,
  matchScore,
  minMax,
  parseSpectrumCsv,
  pearson,
  polymerFamily,
  processSpectrum,
  resample,
  SpectrumError,
  savitzkyGolayDerivative,
  sharedRange,
} from './spectra.ts';

const rows = (n: number, f: (w: number) => number, from = 600, step = 2) =>
  Array.from({ length: n }, (_, i) => [from + i * step, f(from + i * step)] as const);
const spectrum = (n: number, f: (w: number) => number, from = 600) => {
  const r = rows(n, f, from);
  return { wavenumbers: r.map((p) => p[0]), intensities: r.map((p) => p[1]) };
};
const csv = (r: readonly (readonly [number, number])[], sep = ',') => r.map((p) => p.join(sep)).join('\n');
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof SpectrumError) return e.message;
    throw e;
  }
  throw new Error('not refused');
};

describe('reading a spectrum', () => {
  const points = rows(30, (w) => Math.sin(w / 50));

  it('reads comma, semicolon (decimal comma), tab and space separated text, with or without a header', () => {
    const plain = parseSpectrumCsv(csv(points));
    expect(plain.wavenumbers).toHaveLength(30);
    expect(parseSpectrumCsv(`wavenumber,absorbance\n${csv(points)}\n\n`)).toEqual(plain);
    const semi = points.map(([w, y]) => `${w};${String(y).replace('.', ',')}`).join('\r\n');
    expect(parseSpectrumCsv(`cm-1;A\r\n${semi}`)).toEqual(plain);
    expect(parseSpectrumCsv(csv(points, '\t'))).toEqual(plain);
    expect(parseSpectrumCsv(csv(points, '  '))).toEqual(plain);
    expect(parseSpectrumCsv(`"wn","y"\n${points.map(([w, y]) => `"${w}","${y}"`).join('\n')}`)).toEqual(
      plain,
    );
  });

  it('puts a descending spectrum in ascending order', () => {
    const down = parseSpectrumCsv(csv([...points].reverse()));
    expect(down.wavenumbers[0]).toBe(600);
    expect(down).toEqual(parseSpectrumCsv(csv(points)));
  });

  it('refuses what it cannot read, naming the line', () => {
    const lines = csv(points).split('\n');
    lines[6] = '612,abc';
    expect(refusal(() => parseSpectrumCsv(lines.join('\n')))).toBe('Line 7: “612,abc” is not two numbers');
    expect(refusal(() => parseSpectrumCsv(`a,b\nc,d\n${csv(points)}`))).toBe(
      'Line 2: “c,d” is not two numbers',
    );
    expect(refusal(() => parseSpectrumCsv(`${csv(points)}\n700`))).toBe(
      'Line 31: expected two columns (wavenumber, intensity)',
    );
    expect(refusal(() => parseSpectrumCsv(`${csv(points)}\n700,1,2`))).toMatch(
      /Line 31: expected two columns/,
    );
    expect(refusal(() => parseSpectrumCsv('  \n'))).toMatch(/empty/);
    expect(refusal(() => parseSpectrumCsv(csv(points.slice(0, 10))))).toBe(
      'Too few points: 10; a spectrum needs at least 20',
    );
    expect(refusal(() => parseSpectrumCsv(`${csv(points)}\n20000,1`))).toBe(
      'Wavenumber 20000 is outside 0–15,000 cm⁻¹',
    );
    expect(refusal(() => parseSpectrumCsv(`${csv(points)}\n610,1`))).toBe('Wavenumber 610 appears twice');
    expect(refusal(() => checkSpectrum({ wavenumbers: [1, 2], intensities: [1] }))).toMatch(
      /differ in length/,
    );
  });
});

describe('processing', () => {
  it('resamples linearly onto the 5 cm⁻¹ grid ceil(min/5)·5 … floor(max/5)·5', () => {
    const s = resample({ wavenumbers: [601, 603, 609, 612], intensities: [0, 2, 8, 11] });
    expect(s.start).toBe(605);
    expect(s.values).toEqual([4, 9]);
  });

  it('takes the exact first derivative of a cubic, edges included (the fitted polynomial there)', () => {
    const y = Array.from({ length: 40 }, (_, i) => 0.01 * i ** 3 - 0.5 * i ** 2 + 2 * i + 7);
    const d = savitzkyGolayDerivative(y);
    d.forEach((v, i) => {
      expect(v).toBeCloseTo(0.03 * i ** 2 - i + 2, 8);
    });
  });

  it('smooths noise away from a slope', () => {
    const y = Array.from({ length: 60 }, (_, i) => 3 * i + (i % 2 ? 0.5 : -0.5));
    const d = savitzkyGolayDerivative(y);
    for (const v of d.slice(5, -5)) expect(Math.abs(v - 3)).toBeLessThan(0.5);
  });

  it('min–max scales to 0–1 and has nothing to scale in a flat line', () => {
    expect(minMax([2, 4, 6])).toEqual([0, 0.5, 1]);
    expect(minMax([5, 5, 5])).toBeNull();
    expect(refusal(() => processSpectrum(spectrum(40, () => 1)))).toBe(
      'The spectrum is flat: it has no bands to compare',
    );
  });

  it('compares over the shared range only, with Pearson’s r', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    const band = (c: number) => (w: number) => Math.exp(-(((w - c) / 30) ** 2));
    const a = processSpectrum(spectrum(1500, band(1700)));
    const b = processSpectrum(spectrum(600, band(1700), 1000));
    const shared = sharedRange(a, b);
    expect(shared?.start).toBe(1000);
    expect(shared?.sample).toHaveLength(shared?.reference.length ?? -1);
    expect(matchScore(a, b)).toBeGreaterThan(0.99);
    const far = processSpectrum(spectrum(100, band(5100), 5000));
    expect(matchScore(a, far)).toBeNull();
  });

  it('reports the polyethylenes as one family', () => {
    expect(['HDPE', 'LDPE', 'PE'].map(polymerFamily)).toEqual(Array(3).fill('PE (polyethylene)'));
    expect(polymerFamily('PP')).toBe('PP');
  });
});
