import type {
  Identification,
  IdentificationSummary,
  IdentificationValue,
  ReferenceSpectrum,
} from '@plastrace/shared';
import type { IdentificationRow, ReferenceRow } from './identification.repo.ts';
import type { Match } from './library.ts';

/** What the identifications.result column holds: the match, and what a confirmation added. */
export type StoredResult = Omit<Match, 'compared'> & {
  family: string | null;
  library: Identification['library'];
  threshold: number;
  compared: number;
  confirmation?: {
    reclassified_into: { id: string; code: string } | null;
    value: IdentificationValue | null;
  };
};

export function toSummary(r: IdentificationRow): IdentificationSummary {
  const result = r.row.result as StoredResult;
  const i = r.row;
  return {
    id: i.id,
    technique: i.technique,
    file_name: i.fileName,
    best_polymer: i.bestPolymer,
    best_score: i.bestScore,
    family: result.family,
    candidates: result.candidates,
    confirmation:
      i.confirmedAt && i.confirmedBy && r.material
        ? {
            material: r.material,
            lot: r.lot,
            reclassified_into: result.confirmation?.reclassified_into ?? null,
            receive_line:
              r.line && r.record
                ? {
                    id: r.line.id,
                    record_id: r.record.id,
                    record_number: r.record.number,
                    line_no: r.line.lineNo,
                  }
                : null,
            value: result.confirmation?.value ?? null,
            confirmed_by: { id: i.confirmedBy, name: r.confirmedByName ?? '' },
            confirmed_at: i.confirmedAt.toISOString(),
          }
        : null,
    created_by: { id: i.createdBy, name: r.createdByName },
    created_at: i.createdAt.toISOString(),
    version: i.version,
  };
}

export function toIdentification(r: IdentificationRow): Identification {
  const result = r.row.result as StoredResult;
  return { ...toSummary(r), threshold: result.threshold, library: result.library, chart: result.chart };
}

export const toReference = (r: ReferenceRow): ReferenceSpectrum => ({
  id: r.row.id,
  polymer: r.row.polymer,
  name: r.row.name,
  technique: r.row.technique,
  points: r.points,
  range_cm1: [r.low, r.high],
  notes: r.row.notes,
  created_by: { id: r.row.createdBy, name: r.createdByName },
  created_at: r.row.createdAt.toISOString(),
  archived_at: r.row.archivedAt?.toISOString() ?? null,
});
