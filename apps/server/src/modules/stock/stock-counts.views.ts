import type * as repo from './stock-counts.repo.ts';

type Header = NonNullable<Awaited<ReturnType<typeof repo.getCount>>>;
type Totals = Awaited<ReturnType<typeof repo.totalsOf>>[number];
type Line = Awaited<ReturnType<typeof repo.linesOf>>[number];

/** A left-joined person is all nulls when nobody did it. */
const personOrNull = (p: { id: string | null; name: string | null } | null) =>
  p?.id ? { id: p.id, name: p.name ?? '' } : null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const NO_LINES = {
  lines: 0,
  counted_lines: 0,
  book_kg: '0.000',
  book_value_php: '0.00',
  counted_kg: '0.000',
  difference_kg: '0.000',
  difference_value_php: '0.00',
};

export const toCount = (r: Header, t: Totals | undefined) => ({
  id: r.count.id,
  number: r.count.number,
  status: r.count.status,
  facility: r.facility,
  material: r.material?.id ? { id: r.material.id, code: r.material.code, name: r.material.name } : null,
  notes: r.count.notes,
  opened_by: { id: r.openedBy.id, name: r.openedBy.name },
  opened_at: r.count.createdAt.toISOString(),
  posted_by: personOrNull(r.postedBy),
  posted_at: iso(r.count.postedAt),
  cancelled_by: personOrNull(r.cancelledBy),
  cancelled_at: iso(r.count.cancelledAt),
  cancel_reason: r.count.cancelReason,
  totals: t
    ? {
        lines: t.lines,
        counted_lines: t.countedLines,
        book_kg: t.bookKg,
        book_value_php: t.bookValuePhp,
        counted_kg: t.countedKg,
        difference_kg: t.differenceKg,
        difference_value_php: t.differenceValuePhp,
      }
    : NO_LINES,
  version: r.count.version,
});

export const toLine = (r: Line) => ({
  lot: r.lot,
  material: r.material,
  book_kg: r.line.bookKg,
  book_value_php: r.line.bookValuePhp,
  counted_kg: r.line.countedKg,
  difference_kg: r.differenceKg,
  difference_value_php: r.differenceValuePhp,
  counted_by: personOrNull(r.countedBy),
  counted_at: iso(r.line.countedAt),
});
