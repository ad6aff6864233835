import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  MATCH_THRESHOLD,
  matchScore,
  type ProcessedSpectrum,
  parseSpectrumCsv,
  processSpectrum,
  SPECTRUM_GRID_CM1,
  sharedRange,
} from '@plastrace/shared';

/**
 * The shipped reference library: apps/server/reference/spectra (MicroPlastiX SpecDB, CC BY-SA 4.0, with its
 * ATTRIBUTION.md). The folder sits beside src/ and dist/, so the same relative path serves `dev` and `start`;
 * not under data/, which is the runtime DATA_DIR (and ignored by git).
 */
export const SHIPPED_LIBRARY_DIR = fileURLToPath(new URL('../../../reference/spectra/', import.meta.url));

export type Reference = { name: string; polymer: string; spectrum: ProcessedSpectrum };

let shipped: Promise<Reference[]> | undefined;

async function load(dir: string): Promise<Reference[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.csv')).sort();
  const out: Reference[] = [];
  for (const file of files) {
    // <POLYMER>__<source>__<id>.csv (the folder's README).
    const polymer = file.split('__')[0] ?? '';
    out.push({
      name: file,
      polymer,
      spectrum: processSpectrum(parseSpectrumCsv(await readFile(dir + file, 'utf8'))),
    });
  }
  if (out.length === 0) throw new Error(`no reference spectra in ${dir}`);
  return out;
}

/** The shipped FTIR library, processed once on first use and kept. */
export function shippedLibrary(): Promise<Reference[]> {
  shipped ??= load(SHIPPED_LIBRARY_DIR).catch((err) => {
    shipped = undefined;
    throw err;
  });
  return shipped;
}

export type Candidate = { polymer: string; score: number; reference: string };
export type Match = {
  best: { polymer: string; score: number } | null;
  candidates: Candidate[];
  /** How many references shared enough range to be compared. */
  compared: number;
  chart: {
    start: number;
    step: number;
    sample: number[];
    reference: number[] | null;
    reference_name: string | null;
  };
};

const round = (x: number, digits: number) => Number(x.toFixed(digits));

/**
 * Matches a processed spectrum against references: each polymer scores its best reference, the top 3
 * polymers are the candidates (three references of one polymer would hide the runner-up), and the best
 * counts only from MATCH_THRESHOLD. Null when no reference shares enough range.
 */
export function match(sample: ProcessedSpectrum, references: readonly Reference[]): Match | null {
  const byPolymer = new Map<string, { score: number; ref: Reference }>();
  let compared = 0;
  for (const ref of references) {
    const score = matchScore(sample, ref.spectrum);
    if (score === null) continue;
    compared++;
    const seen = byPolymer.get(ref.polymer);
    if (!seen || score > seen.score) byPolymer.set(ref.polymer, { score, ref });
  }
  if (compared === 0) return null;
  const ranked = [...byPolymer.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, 3);
  const top = ranked[0];
  const shared = top ? sharedRange(sample, top[1].ref.spectrum) : null;
  return {
    best: top && top[1].score >= MATCH_THRESHOLD ? { polymer: top[0], score: round(top[1].score, 4) } : null,
    candidates: ranked.map(([polymer, { score, ref }]) => ({
      polymer,
      score: round(score, 4),
      reference: ref.name,
    })),
    compared,
    // What was compared: both over the range they share (the sample alone over its own when nothing matched).
    chart: {
      start: shared ? shared.start : sample.start,
      step: SPECTRUM_GRID_CM1,
      sample: (shared ? shared.sample : sample.values).map((v) => round(v, 4)),
      reference: shared ? shared.reference.map((v) => round(v, 4)) : null,
      reference_name: top?.[1].ref.name ?? null,
    },
  };
}
