// Spectral polymer identification after Open Specy (Cowger et al. 2021, CC BY 4.0): resample to a 5 cm⁻¹
// grid, Savitzky–Golay (polynomial 3, window 11) first derivative, absolute value, min–max to 0–1, and
// Pearson's r against each reference over the wavenumbers both cover. Pure: the server matches with it
// and the page can draw the same processed curves.

/** Open Specy's grid step, cm⁻¹. */
export const SPECTRUM_GRID_CM1 = 5;
export const SG_WINDOW = 11;
export const SG_POLYNOMIAL = 3;
/** The best candidate counts as identified from this Pearson r on. */
export const MATCH_THRESHOLD = 0.7;
export const MIN_SPECTRUM_POINTS = 20;
export const MAX_WAVENUMBER = 15_000;
/** Within a 4-byte float, as spectra are stored. */
export const MAX_INTENSITY = 1e30;
/** A reference must share at least a smoothing window of grid points with the sample. */
export const MIN_SHARED_POINTS = SG_WINDOW;

export type RawSpectrum = { wavenumbers: number[]; intensities: number[] };
/** A processed spectrum on the grid: `values[i]` is at `start + i × 5` cm⁻¹. */
export type ProcessedSpectrum = { start: number; values: number[] };

/** A spectrum refused, with what to fix; `line` is the CSV line (1-based) when one is to blame. */
export class SpectrumError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function separatorOf(line: string): string | RegExp {
  if (line.includes(';')) return ';';
  if (line.includes('\t')) return '\t';
  if (line.includes(',')) return ',';
  return /\s+/;
}

/**
 * A two-column text spectrum: wavenumber then intensity; a header line optional; separated by commas,
 * semicolons, tabs or spaces (with semicolons a decimal comma is read as a point); any order; blank
 * lines ignored.
 */
export function parseSpectrumCsv(text: string): RawSpectrum {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const firstData = lines.find((l) => l.trim() !== '');
  if (firstData === undefined)
    throw new SpectrumError('The file is empty: send two columns, wavenumber and intensity');
  const sep = separatorOf(firstData);
  const decimalComma = sep === ';';
  const wavenumbers: number[] = [];
  const intensities: number[] = [];
  let seenLine = false;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const cells = line
      .split(sep)
      .map((c) =>
        c
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter((c, k, all) => c !== '' || k < all.length - 1);
    const first = !seenLine;
    seenLine = true;
    const values = cells.map((c) => (decimalComma ? c.replace(',', '.') : c));
    const numeric = values.length >= 2 && values.slice(0, 2).every((v) => NUMBER.test(v));
    if (!numeric) {
      // The first line may be a header naming the columns.
      if (first && values.length >= 2 && !values.slice(0, 2).some((v) => NUMBER.test(v))) return;
      throw new SpectrumError(
        values.length < 2
          ? `Line ${i + 1}: expected two columns (wavenumber, intensity)`
          : `Line ${i + 1}: “${cells.slice(0, 2).join(sep === '\t' ? ' ' : String(sep))}” is not two numbers`,
        i + 1,
      );
    }
    if (values.length > 2)
      throw new SpectrumError(
        `Line ${i + 1}: expected two columns (wavenumber, intensity), found ${values.length}`,
        i + 1,
      );
    wavenumbers.push(Number(values[0]));
    intensities.push(Number(values[1]));
  });
  return checkSpectrum({ wavenumbers, intensities });
}

/** Checks a spectrum's points and returns them in ascending wavenumber order. */
export function checkSpectrum(s: RawSpectrum): RawSpectrum {
  if (s.wavenumbers.length !== s.intensities.length)
    throw new SpectrumError(
      `wavenumbers and intensities differ in length (${s.wavenumbers.length} and ${s.intensities.length})`,
    );
  if (s.wavenumbers.length < MIN_SPECTRUM_POINTS)
    throw new SpectrumError(
      `Too few points: ${s.wavenumbers.length}; a spectrum needs at least ${MIN_SPECTRUM_POINTS}`,
    );
  const points = s.wavenumbers.map((w, i) => [w, s.intensities[i] as number]) as [number, number][];
  for (const [w, y] of points) {
    if (!Number.isFinite(w) || !Number.isFinite(y))
      throw new SpectrumError('Every value must be a finite number');
    if (w < 1 || w > MAX_WAVENUMBER)
      throw new SpectrumError(`Wavenumber ${w} is outside 0–${MAX_WAVENUMBER.toLocaleString('en')} cm⁻¹`);
    if (Math.abs(y) > MAX_INTENSITY) throw new SpectrumError(`Intensity ${y} is too large`);
  }
  // Spectra are stored as 4-byte floats: values too small for one are zero.
  for (const p of points) if (Math.abs(p[1]) < 1e-30) p[1] = 0;
  points.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < points.length; i++)
    if (points[i]?.[0] === points[i - 1]?.[0])
      throw new SpectrumError(`Wavenumber ${points[i]?.[0]} appears twice`);
  return { wavenumbers: points.map((p) => p[0]), intensities: points.map((p) => p[1]) };
}

/** Linear interpolation of an ascending spectrum onto the grid ceil(min/5)·5 … floor(max/5)·5. */
export function resample(s: RawSpectrum, step = SPECTRUM_GRID_CM1): ProcessedSpectrum {
  const w = s.wavenumbers;
  const y = s.intensities;
  const start = Math.ceil((w[0] as number) / step) * step;
  const end = Math.floor((w[w.length - 1] as number) / step) * step;
  const values: number[] = [];
  let j = 0;
  for (let x = start; x <= end + 1e-9; x += step) {
    while (j < w.length - 2 && (w[j + 1] as number) < x) j++;
    const x0 = w[j] as number;
    const x1 = w[j + 1] as number;
    const t = x1 === x0 ? 0 : (x - x0) / (x1 - x0);
    values.push((y[j] as number) + t * ((y[j + 1] as number) - (y[j] as number)));
  }
  return { start, values };
}

/** Solves a small dense linear system (Gaussian elimination with partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] as number) > Math.abs(m[p]?.[c] as number)) p = r;
    [m[c], m[p]] = [m[p] as number[], m[c] as number[]];
    const pivot = m[c] as number[];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const row = m[r] as number[];
      const f = (row[c] as number) / (pivot[c] as number);
      for (let k = c; k <= n; k++) row[k] = (row[k] as number) - f * (pivot[k] as number);
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number));
}

/**
 * Weights giving the fitted polynomial's first derivative at each position of the window: row i is the
 * derivative at position i from the window's values. The middle row filters the interior; the first and
 * last half-windows give the edges from the polynomial fitted to the first and last windows.
 */
function derivativeWeights(window: number, degree: number): number[][] {
  const half = (window - 1) / 2;
  const xs = Array.from({ length: window }, (_, j) => j - half);
  // Normal equations AᵀA; each weight row solves AᵀA c = e, and w_j = Σ_k c_k x_j^k.
  const ata = Array.from({ length: degree + 1 }, (_, r) =>
    Array.from({ length: degree + 1 }, (_, c) => xs.reduce((s, x) => s + x ** (r + c), 0)),
  );
  return xs.map((x0) => {
    // d/dx Σ a_k x^k at x0 = Σ_k k a_k x0^(k-1); a = (AᵀA)⁻¹ Aᵀ y, so the weights are Aᵀ (AᵀA)⁻¹ g.
    const g = Array.from({ length: degree + 1 }, (_, k) => (k === 0 ? 0 : k * x0 ** (k - 1)));
    const c = solve(ata, g);
    return xs.map((x) => c.reduce((s, ck, k) => s + ck * x ** k, 0));
  });
}

const WEIGHTS = derivativeWeights(SG_WINDOW, SG_POLYNOMIAL);

/** Savitzky–Golay first derivative (per grid step), edges from the polynomial of the first/last window. */
export function savitzkyGolayDerivative(y: readonly number[]): number[] {
  const n = y.length;
  const half = (SG_WINDOW - 1) / 2;
  if (n < SG_WINDOW)
    throw new SpectrumError(`The spectrum spans too few grid points (${n}; at least ${SG_WINDOW})`);
  const apply = (weights: number[], from: number) =>
    weights.reduce((s, w, j) => s + w * (y[from + j] as number), 0);
  const out = new Array<number>(n);
  const middle = WEIGHTS[half] as number[];
  for (let i = 0; i < n; i++) {
    if (i < half) out[i] = apply(WEIGHTS[i] as number[], 0);
    else if (i >= n - half) out[i] = apply(WEIGHTS[SG_WINDOW - (n - i)] as number[], n - SG_WINDOW);
    else out[i] = apply(middle, i - half);
  }
  return out;
}

/** Min–max to 0–1; null when the values are all equal (nothing to compare). */
export function minMax(values: readonly number[]): number[] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const span = hi - lo;
  if (!(span > 1e-12 * Math.max(1, Math.abs(hi)))) return null;
  return values.map((v) => (v - lo) / span);
}

/** Open Specy's processing of a raw spectrum: grid, |SG first derivative|, min–max. */
export function processSpectrum(raw: RawSpectrum): ProcessedSpectrum {
  const s = checkSpectrum(raw);
  const grid = resample(s);
  if (grid.values.length < SG_WINDOW)
    throw new SpectrumError(
      `The spectrum spans ${s.wavenumbers[0]}–${s.wavenumbers.at(-1)} cm⁻¹: at least ${(SG_WINDOW - 1) * SPECTRUM_GRID_CM1} cm⁻¹ are needed`,
    );
  const scaled = minMax(savitzkyGolayDerivative(grid.values).map(Math.abs));
  if (!scaled) throw new SpectrumError('The spectrum is flat: it has no bands to compare');
  return { start: grid.start, values: scaled };
}

export function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i++) {
    sa += a[i] as number;
    sb += b[i] as number;
  }
  const ma = sa / n;
  const mb = sb / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = (a[i] as number) - ma;
    const db = (b[i] as number) - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  const r = cov / Math.sqrt(va * vb);
  return Number.isFinite(r) ? r : 0;
}

/** Both spectra over the wavenumbers they share, each min–maxed again; null below MIN_SHARED_POINTS. */
export function sharedRange(
  sample: ProcessedSpectrum,
  reference: ProcessedSpectrum,
): { start: number; sample: number[]; reference: number[] } | null {
  const step = SPECTRUM_GRID_CM1;
  const start = Math.max(sample.start, reference.start);
  const end = Math.min(
    sample.start + (sample.values.length - 1) * step,
    reference.start + (reference.values.length - 1) * step,
  );
  const n = Math.round((end - start) / step) + 1;
  if (n < MIN_SHARED_POINTS) return null;
  const cut = (s: ProcessedSpectrum) => {
    const from = Math.round((start - s.start) / step);
    return s.values.slice(from, from + n);
  };
  const a = minMax(cut(sample));
  const b = minMax(cut(reference));
  if (!a || !b) return null;
  return { start, sample: a, reference: b };
}

/** Pearson's r of two processed spectra over their shared range; null when they share too little. */
export function matchScore(sample: ProcessedSpectrum, reference: ProcessedSpectrum): number | null {
  const shared = sharedRange(sample, reference);
  return shared ? pearson(shared.sample, shared.reference) : null;
}

/** The polyethylenes this method cannot tell apart on the shipped library (its README). */
export const POLYETHYLENES = ['HDPE', 'LDPE', 'PE'] as const;

/** The family a polymer is reported as: the polyethylenes together, else the polymer itself. */
export function polymerFamily(polymer: string): string {
  return (POLYETHYLENES as readonly string[]).includes(polymer) ? 'PE (polyethylene)' : polymer;
}
