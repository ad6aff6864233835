import {
  formatReportValue,
  type Report,
  type ReportFigure,
  type ReportSection,
  type ReportTable,
} from '@plastrace/shared';
import PDFDocument from 'pdfkit';

// A report as an A4 PDF: on every page the organization's logo and name, the report and its period, and
// "Page n of m" with when it was made; then each section's figures and tables. A table that runs past
// the page goes on with its header row repeated. Every figure is the content's, written as the page
// writes it (formatReportValue), so the PDF's totals are the screen's.

const mm = (v: number) => (v * 72) / 25.4;
const LEFT = mm(15);
const WIDTH = mm(210 - 30);
const TOP = mm(27);
const BOTTOM = mm(16);
const LOGO = { width: mm(32), height: mm(13) };
const ROW = 13;
const HEAD_ROW = 22;
const FIGURES_PER_ROW = 3;
const GREY = '#555555';
// The PDF's standard fonts (WinAnsi) have no peso or minus sign.
const plain = (s: string) => s.replaceAll('₱', 'PHP ').replaceAll('−', '-');

type Doc = PDFKit.PDFDocument;

export function reportPdf(r: Report, logo: Buffer | null): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: TOP, bottom: BOTTOM, left: LEFT, right: LEFT },
    info: {
      Title: `${r.title}, ${r.period.label}: ${r.organization.name}`,
      Author: r.organization.name,
      Creator: 'PlasTrace',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  pageHeader(doc, r, logo);
  doc.on('pageAdded', () => pageHeader(doc, r, logo));

  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#000000')
    .text(plain(r.title), LEFT, TOP, { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(plain(`${r.organization.name} · ${r.period.label}`), { width: WIDTH });
  for (const section of r.sections) drawSection(doc, section);
  pageFooters(doc, r);
  doc.end();
  return done;
}

const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more fits on this one. */
function room(doc: Doc, height: number) {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

/** The organization (logo, name) and the report, above every page's top margin. */
function pageHeader(doc: Doc, r: Report, logo: Buffer | null) {
  const { x, y } = doc;
  const top = mm(8);
  let nameLeft = LEFT;
  if (logo) {
    doc.image(logo, LEFT, top, { fit: [LOGO.width, LOGO.height] });
    nameLeft = LEFT + LOGO.width + mm(3);
  }
  const half = WIDTH / 2;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#000000')
    .text(plain(r.organization.name), nameLeft, top + 2, {
      width: LEFT + half - nameLeft,
      lineBreak: false,
      ellipsis: true,
    });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(plain(`${r.title} · ${r.period.label}`), LEFT + half, top + 2, {
      width: half,
      align: 'right',
      lineBreak: false,
      ellipsis: true,
    });
  doc
    .moveTo(LEFT, TOP - mm(4))
    .lineTo(LEFT + WIDTH, TOP - mm(4))
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.fillColor('#000000').strokeColor('#000000');
  doc.x = x;
  doc.y = y;
}

/** "Page n of m" and when the report was made, under every page's bottom margin. */
function pageFooters(doc: Doc, r: Report) {
  const made = new Intl.DateTimeFormat('en-PH', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: r.organization.time_zone,
  }).format(new Date(r.generated_at));
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start another page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - mm(10);
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(plain(`Generated ${made} (${r.organization.time_zone}) by PlasTrace`), LEFT, y, {
      width: WIDTH * 0.7,
      lineBreak: false,
    });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, LEFT + WIDTH * 0.7, y, {
      width: WIDTH * 0.3,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

function drawSection(doc: Doc, s: ReportSection) {
  doc.moveDown(1);
  room(doc, 60);
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor('#000000')
    .text(plain(s.title), LEFT, doc.y, { width: WIDTH });
  doc.moveDown(0.3);
  drawFigures(doc, s.figures);
  for (const t of s.tables) drawTable(doc, t);
  for (const note of s.notes) {
    room(doc, ROW * 2);
    doc
      .font('Helvetica-Oblique')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(plain(note), LEFT, doc.y, { width: WIDTH });
  }
  doc.fillColor('#000000');
}

function drawFigures(doc: Doc, figures: ReportFigure[]) {
  const cell = WIDTH / FIGURES_PER_ROW;
  for (let i = 0; i < figures.length; i += FIGURES_PER_ROW) {
    room(doc, 34);
    const y = doc.y;
    figures.slice(i, i + FIGURES_PER_ROW).forEach((f, j) => {
      const x = LEFT + j * cell;
      const w = { width: cell - 6, lineBreak: false, ellipsis: true };
      doc.font('Helvetica').fontSize(7.5).fillColor(GREY).text(plain(f.label), x, y, w);
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor('#000000')
        .text(plain(formatReportValue(f.type, f.value)), x, y + 10, w);
      if (f.note)
        doc
          .font('Helvetica')
          .fontSize(6.5)
          .fillColor(GREY)
          .text(plain(f.note), x, y + 24, w);
    });
    doc.x = LEFT;
    doc.y = y + 36;
  }
}

/** Column widths: text columns twice a figure's. */
function widths(t: ReportTable) {
  const weights = t.columns.map((c) => (c.type === 'text' ? 2 : 1.2));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (w / total) * WIDTH);
}

function drawRow(
  doc: Doc,
  t: ReportTable,
  ws: number[],
  cells: string[],
  o: { bold?: boolean; head?: boolean },
) {
  const y = doc.y;
  doc.font(o.bold || o.head ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
  // A header's labels may wrap (at most two lines); a row of figures is one line.
  const height = o.head
    ? Math.min(
        HEAD_ROW,
        Math.max(...cells.map((c, i) => doc.heightOfString(plain(c), { width: (ws[i] ?? 0) - 4 }))) + 4,
      )
    : ROW;
  if (o.head) doc.rect(LEFT, y - 2, WIDTH, height).fill('#eeeeee');
  doc.fillColor('#000000');
  let x = LEFT;
  cells.forEach((text, i) => {
    const w = ws[i] ?? 0;
    const right = t.columns[i]?.type !== 'text';
    doc.text(plain(text), x + 2, y, {
      width: w - 4,
      height: height - 2,
      align: right ? 'right' : 'left',
      lineBreak: !!o.head,
      ellipsis: true,
    });
    x += w;
  });
  doc.x = LEFT;
  doc.y = y + height;
}

function rule(doc: Doc) {
  doc
    .moveTo(LEFT, doc.y - 2)
    .lineTo(LEFT + WIDTH, doc.y - 2)
    .lineWidth(0.4)
    .stroke();
}

/** A table; when a row does not fit, a new page starts with the header row again. */
function drawTable(doc: Doc, t: ReportTable) {
  const ws = widths(t);
  const head = t.columns.map((c) => c.label);
  doc.moveDown(0.6);
  room(doc, 14 + HEAD_ROW + ROW * 2);
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor('#000000')
    .text(plain(t.title), LEFT, doc.y, { width: WIDTH });
  doc.moveDown(0.2);
  if (t.rows.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(8)
      .fillColor(GREY)
      .text(plain(t.empty), LEFT, doc.y, { width: WIDTH });
    doc.fillColor('#000000');
    return;
  }
  drawRow(doc, t, ws, head, { head: true });
  const cells = (row: (string | null)[]) =>
    t.columns.map((c, i) => formatReportValue(c.type, row[i] ?? null));
  for (const row of t.rows) {
    if (doc.y + ROW > bottomOf(doc)) {
      doc.addPage();
      drawRow(doc, t, ws, head, { head: true });
    }
    drawRow(doc, t, ws, cells(row), {});
  }
  if (t.total) {
    if (doc.y + ROW + 4 > bottomOf(doc)) {
      doc.addPage();
      drawRow(doc, t, ws, head, { head: true });
    }
    doc.y += 3;
    rule(doc);
    const total = t.total;
    drawRow(
      doc,
      t,
      ws,
      t.columns.map((c, i) =>
        i === 0 ? (total[0] ?? '') : total[i] == null ? '' : formatReportValue(c.type, total[i] ?? null),
      ),
      { bold: true },
    );
  }
}
