import { formatKg, type MassBalanceStatement, type PeriodClose } from '@plastrace/shared';
import PDFDocument from 'pdfkit';
import { toCsv } from '../../lib/csv.ts';

// A statement as CSV (one table per section, kg as plain decimals a spreadsheet sums) and as an A4
// landscape PDF. A closed period's statement is the stored one, with the digest stored at closing.

export type Doc = { statement: MassBalanceStatement; close: PeriodClose | null; sha256: string };

const ROW_HEAD = [
  'Facility',
  'Material',
  'Opening kg',
  'Received kg',
  'Produced kg',
  'Transfers in kg',
  'In kg',
  'Dispatched kg',
  'Transfers out kg',
  'Out kg',
  'Consumed kg',
  'Losses kg',
  'Adjustments kg',
  'Voids kg',
  'Closing kg',
  'Flag',
];

const scope = (s: MassBalanceStatement) =>
  s.facility ? `${s.facility.code} ${s.facility.name}` : 'All facilities';
const state = (d: Doc) =>
  d.close ? `Closed ${d.close.closed_at} by ${d.close.closed_by.name}` : 'Open: figures may still change';

export function statementCsv(d: Doc): string {
  const s = d.statement;
  const blank: string[] = [];
  return toCsv(
    ['Mass balance statement', s.period.label],
    [
      ['Period', `${s.period.start} to ${s.period.end}`],
      ['Facility', scope(s)],
      ['Time zone', s.time_zone],
      ['State', state(d)],
      ['SHA-256', d.sha256],
      blank,
      ROW_HEAD,
      ...s.rows.map((r) => [
        r.facility.code,
        r.material.code,
        r.opening_kg,
        r.received_kg,
        r.produced_kg,
        r.transfers_in_kg,
        r.in_kg,
        r.dispatched_kg,
        r.transfers_out_kg,
        r.out_kg,
        r.consumed_kg,
        r.losses_kg,
        r.adjustments_kg,
        r.voids_kg,
        r.closing_kg,
        r.negative ? 'negative balance' : '',
      ]),
      blank,
      [
        'Facility',
        'Process',
        'Runs',
        'Input kg',
        'Output kg',
        'Kept kg',
        'Loss kg',
        'Conversion factor',
        'Losses by fate',
      ],
      ...s.conversion.map((c) => [
        c.facility.code,
        c.process_code,
        c.runs,
        c.input_kg,
        c.output_kg,
        c.kept_kg,
        c.loss_kg,
        c.factor,
        c.losses_by_fate.map((f) => `${f.fate} ${f.kg}`).join('; '),
      ]),
      blank,
      [
        'Count',
        'Facility',
        'Material',
        'Posted',
        'Book kg',
        'Counted kg',
        'Difference kg',
        'Difference %',
        'Flag',
      ],
      ...s.counts.map((c) => [
        c.count.number,
        c.facility.code,
        c.material.code,
        c.posted_at,
        c.book_kg,
        c.counted_kg,
        c.difference_kg,
        c.difference_pct,
        c.flagged ? 'over 0.5 %' : '',
      ]),
      blank,
      ['Facility', 'Credits opening kg', 'Credits in kg', 'Credits out kg', 'Credits closing kg', 'Flag'],
      ...s.credits.map((c) => [
        c.facility.code,
        c.opening_kg,
        c.in_kg,
        c.out_kg,
        c.closing_kg,
        c.negative ? 'negative' : '',
      ]),
    ],
  );
}

const mm = (v: number) => (v * 72) / 25.4;
const LEFT = mm(12);
const WIDTH = mm(297 - 24);
// The PDF's standard fonts (WinAnsi) have no minus sign; formatKg writes a hyphen-minus, which they have.
const k = (v: string) => formatKg(v).replace(' kg', '');

type Col = { head: string; width: number; cell: (i: number) => string };

function table(doc: PDFKit.PDFDocument, title: string, count: number, cols: Col[]) {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).text(title, LEFT);
  if (count === 0) {
    doc.font('Helvetica').fontSize(8).text('None in this period.', LEFT);
    return;
  }
  const total = cols.reduce((s, c) => s + c.width, 0);
  const scale = WIDTH / total;
  const line = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - mm(20)) doc.addPage();
    const y = doc.y;
    let x = LEFT;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7);
    cells.forEach((c, i) => {
      const w = (cols[i]?.width ?? 0) * scale;
      doc.text(c, x + 2, y, {
        width: w - 4,
        align: i < 2 ? 'left' : 'right',
        lineBreak: false,
        ellipsis: true,
      });
      x += w;
    });
    doc.x = LEFT;
    doc.y = y + 11;
  };
  line(
    cols.map((c) => c.head),
    true,
  );
  for (let i = 0; i < count; i++)
    line(
      cols.map((c) => c.cell(i)),
      false,
    );
}

export function statementPdf(d: Doc, organization: string): Promise<Buffer> {
  const s = d.statement;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: mm(12), bottom: mm(12), left: LEFT, right: LEFT },
    info: { Title: `Mass balance ${s.period.label}`, Creator: 'PlasTrace' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(14).text(`${organization}: mass balance ${s.period.label}`, LEFT);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`${s.period.start} to ${s.period.end} (${s.time_zone}) · ${scope(s)} · ${state(d)}`)
    .text(`SHA-256 ${d.sha256}`)
    .text('opening + in − out − consumed − losses + adjustments + voids = closing'.replaceAll('−', '-'));
  const r = s.rows;
  const rowCol = (head: string, width: number, f: (i: number) => string): Col => ({ head, width, cell: f });
  table(doc, 'Balance per facility and material (kg)', r.length, [
    rowCol('Facility', 14, (i) => r[i]?.facility.code ?? ''),
    rowCol('Material', 24, (i) => r[i]?.material.code ?? ''),
    rowCol('Opening', 14, (i) => k(r[i]?.opening_kg ?? '0')),
    rowCol('In', 14, (i) => k(r[i]?.in_kg ?? '0')),
    rowCol('Out', 14, (i) => k(r[i]?.out_kg ?? '0')),
    rowCol('Consumed', 14, (i) => k(r[i]?.consumed_kg ?? '0')),
    rowCol('Losses', 12, (i) => k(r[i]?.losses_kg ?? '0')),
    rowCol('Adjustments', 13, (i) => k(r[i]?.adjustments_kg ?? '0')),
    rowCol('Voids', 12, (i) => k(r[i]?.voids_kg ?? '0')),
    rowCol('Closing', 14, (i) => k(r[i]?.closing_kg ?? '0')),
    rowCol('Flag', 14, (i) => (r[i]?.negative ? 'NEGATIVE' : '')),
  ]);
  const c = s.conversion;
  table(doc, 'Conversion factors per process', c.length, [
    rowCol('Facility', 14, (i) => c[i]?.facility.code ?? ''),
    rowCol('Process', 24, (i) => c[i]?.process_code ?? ''),
    rowCol('Runs', 8, (i) => String(c[i]?.runs ?? '')),
    rowCol('Input kg', 16, (i) => k(c[i]?.input_kg ?? '0')),
    rowCol('Output kg', 16, (i) => k(c[i]?.output_kg ?? '0')),
    rowCol('Kept kg', 14, (i) => k(c[i]?.kept_kg ?? '0')),
    rowCol('Loss kg', 14, (i) => k(c[i]?.loss_kg ?? '0')),
    rowCol('Factor', 12, (i) => c[i]?.factor ?? ''),
  ]);
  const n = s.counts;
  table(doc, 'Book vs counted stock (flag above 0.5 %)', n.length, [
    rowCol('Count', 14, (i) => n[i]?.count.number ?? ''),
    rowCol('Material', 24, (i) => `${n[i]?.facility.code ?? ''} ${n[i]?.material.code ?? ''}`),
    rowCol('Book kg', 16, (i) => k(n[i]?.book_kg ?? '0')),
    rowCol('Counted kg', 16, (i) => k(n[i]?.counted_kg ?? '0')),
    rowCol('Difference kg', 16, (i) => k(n[i]?.difference_kg ?? '0')),
    rowCol('%', 10, (i) => n[i]?.difference_pct ?? 'n/a'),
    rowCol('Flag', 14, (i) => (n[i]?.flagged ? 'OVER 0.5 %' : '')),
  ]);
  const cr = s.credits;
  table(doc, 'Recycled-content credits (ISO 22095 mass balance, kg)', cr.length, [
    rowCol('Facility', 14, (i) => cr[i]?.facility.code ?? ''),
    rowCol('', 24, () => ''),
    rowCol('Opening', 16, (i) => k(cr[i]?.opening_kg ?? '0')),
    rowCol('In', 16, (i) => k(cr[i]?.in_kg ?? '0')),
    rowCol('Out', 16, (i) => k(cr[i]?.out_kg ?? '0')),
    rowCol('Closing', 16, (i) => k(cr[i]?.closing_kg ?? '0')),
    rowCol('Flag', 14, (i) => (cr[i]?.negative ? 'NEGATIVE' : '')),
  ]);
  doc.end();
  return done;
}
