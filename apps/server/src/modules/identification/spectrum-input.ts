import {
  checkSpectrum,
  type ProcessedSpectrum,
  parseSpectrumCsv,
  processSpectrum,
  type RawSpectrum,
  SpectrumError,
} from '@plastrace/shared';
import { AppError } from '../../lib/errors.ts';

/** A spectrum refused: a 400 naming the field it came in (body.csv or body.spectrum). */
const refused = (field: string, message: string) =>
  new AppError('validation_failed', message, { fields: { [`body.${field}`]: message } });

/** The spectrum of a body (CSV text or arrays), checked and in ascending order, with its processed form. */
export function readSpectrum(b: { csv?: string; spectrum?: RawSpectrum }): {
  raw: RawSpectrum;
  processed: ProcessedSpectrum;
  field: string;
} {
  const field = b.csv !== undefined ? 'csv' : 'spectrum';
  try {
    const raw = b.csv !== undefined ? parseSpectrumCsv(b.csv) : checkSpectrum(b.spectrum as RawSpectrum);
    return { raw, processed: processSpectrum(raw), field };
  } catch (err) {
    if (err instanceof SpectrumError) throw refused(field, err.message);
    throw err;
  }
}

export const spectrumRefused = refused;
