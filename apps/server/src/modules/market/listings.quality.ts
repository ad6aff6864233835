import type { MarketQuality, MarketQualityCheck } from '@plastrace/shared';

// A listing's data-quality level, after DIN SPEC 91446: each level adds what the lots can prove to the one
// below, and a level counts only when every level under it is met. Nothing in PlasTrace stores lab or
// spectral results as data, so level 3 rests on certificates listed on the lots' published passports.

/** What one backing lot's upstream trace proves (listings.repo.ts qualityFacts reads it). */
export type LotFacts = {
  code: string;
  /** Lots at the top of its lineage (itself when nothing made it). */
  roots: number;
  /** Of those, lots from a posted delivery with a supplier. */
  rootsFromSuppliers: number;
  /** Lots in the trace made by a transformation (a production run, a split or merge). */
  made: number;
  /** Of those, made by a posted run or a recorded split or merge. */
  madeByPosted: number;
  /** Certificates on published passports of the lot or of a lot it came from. */
  certificates: number;
  /** Contamination recorded upstream: deductions at intake or contamination losses of runs. */
  contaminationRecorded: boolean;
  /** Lots and records in the trace, and how many of them have record-log entries. */
  records: number;
  logged: number;
};

export type QualityFacts =
  | { kind: 'material'; side: 'sell' | 'buy'; material: boolean; quantity: boolean; lots: LotFacts[] }
  | { kind: 'credits'; side: 'sell' | 'buy'; quantity: boolean; batchLogged: boolean | null };

const check = (level: number, label: string, met: boolean, detail: string): MarketQualityCheck => ({
  level,
  label,
  met,
  detail,
});

// Details never name lots: the public marketplace shows them, and a lot code is the seller's own row.
const ofLots = (n: number, total: number) => (total === 1 ? 'The lot' : `${n} of ${total} lots`);

function materialChecks(f: Extract<QualityFacts, { kind: 'material' }>): MarketQualityCheck[] {
  const level1 = check(
    1,
    'Material and quantity',
    f.material && f.quantity,
    f.material && f.quantity ? 'The material and quantity are stated' : 'The material or quantity is missing',
  );
  if (f.lots.length === 0) {
    const why = f.side === 'buy' ? 'A buy listing offers no lots' : 'No lots back this listing';
    return [
      level1,
      check(2, 'Origin and process', false, why),
      check(3, 'Lab data and contaminants', false, why),
      check(4, 'Verified chain of custody', false, why),
    ];
  }
  const untraced = f.lots.filter((l) => l.rootsFromSuppliers < l.roots || l.madeByPosted < l.made);
  const uncertified = f.lots.filter((l) => l.certificates === 0);
  const unlogged = f.lots.filter((l) => l.logged < l.records);
  const contamination = f.lots.some((l) => l.contaminationRecorded);
  const certificates = f.lots.reduce((n, l) => n + l.certificates, 0);
  const records = f.lots.reduce((n, l) => n + l.records, 0);
  return [
    level1,
    check(
      2,
      'Origin and process',
      untraced.length === 0,
      untraced.length === 0
        ? 'Every lot traces to posted deliveries from named suppliers through posted runs'
        : `${ofLots(untraced.length, f.lots.length)}: not traced to posted deliveries from named suppliers`,
    ),
    check(
      3,
      'Lab data and contaminants',
      uncertified.length === 0,
      uncertified.length === 0
        ? `Published passports list ${certificates} certificate${certificates === 1 ? '' : 's'}${
            contamination ? '; contamination is recorded at intake or in runs' : ''
          }`
        : `${ofLots(uncertified.length, f.lots.length)}: no certificate on a published passport`,
    ),
    check(
      4,
      'Verified chain of custody',
      unlogged.length === 0,
      unlogged.length === 0
        ? `All ${records} lots and records of the trace are in the record log`
        : `${ofLots(unlogged.length, f.lots.length)}: lots or records upstream missing from the record log`,
    ),
  ];
}

function creditChecks(f: Extract<QualityFacts, { kind: 'credits' }>): MarketQualityCheck[] {
  const level1 = check(
    1,
    'Credits and quantity',
    f.quantity,
    f.quantity ? 'The number of credits is stated' : 'The number of credits is missing',
  );
  if (f.side === 'buy' || f.batchLogged === null) {
    const why = 'A buy listing offers no credits';
    return [
      level1,
      check(2, 'Origin and process', false, why),
      check(3, 'Lab data and contaminants', false, why),
      check(4, 'Verified chain of custody', false, why),
    ];
  }
  return [
    level1,
    check(2, 'Origin and process', true, 'Issued from weighed deliveries recovered by posted records'),
    check(
      3,
      'Lab data and contaminants',
      true,
      'Does not apply: a credit is a tonne recovered, not a material',
    ),
    check(
      4,
      'Verified chain of custody',
      f.batchLogged,
      f.batchLogged
        ? 'The batch’s issuance is in the record log'
        : 'The batch’s issuance is not in the record log',
    ),
  ];
}

/** The level is the highest one whose checks, and those of every level below, are all met. */
export function listingQuality(f: QualityFacts): MarketQuality {
  const checks = f.kind === 'material' ? materialChecks(f) : creditChecks(f);
  let level = 0;
  for (const l of [1, 2, 3, 4]) {
    if (checks.filter((c) => c.level === l).every((c) => c.met)) level = l;
    else break;
  }
  // A listing always states at least what it is: the column's floor is 1.
  return { level: Math.max(level, 1), checks };
}
