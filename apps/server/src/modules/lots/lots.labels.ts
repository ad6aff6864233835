import { formatKg } from '@plastrace/shared';
import PDFDocument from 'pdfkit';
import { QR_MARGIN, qrModules, verifyUrl } from './lots.qr.ts';

export type Label = {
  id: string;
  code: string;
  material: string;
  qtyKg: string;
  facility: string;
  /** YYYY-MM-DD in the organization's time zone. */
  day: string;
  /** False for lots made by a split or merge: the day is when the lot was made, not received. */
  received: boolean;
};

// A4 with 2 × 7 labels of 99.1 × 38.1 mm, the layout of the common "14 per sheet" label stock, so a
// sheet prints onto ready-cut labels as well as onto plain paper (the light frames are cutting lines).
const mm = (v: number) => (v * 72) / 25.4;
const SHEET = {
  columns: 2,
  rows: 7,
  width: mm(99.1),
  height: mm(38.1),
  pitchX: mm(101.6),
  top: mm(15.15),
  left: mm(4.65),
  padding: mm(2.5),
};
export const LABELS_PER_PAGE = SHEET.columns * SHEET.rows;

/** The label sheet as a PDF: each label has the lot's QR (its public verify link) and what to read by eye. */
export function labelSheet(labels: Label[], publicUrl: string, title: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Creator: 'PlasTrace' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  labels.forEach((label, i) => {
    const slot = i % LABELS_PER_PAGE;
    if (slot === 0) doc.addPage();
    const x = SHEET.left + (slot % SHEET.columns) * SHEET.pitchX;
    const y = SHEET.top + Math.floor(slot / SHEET.columns) * SHEET.height;
    drawLabel(doc, label, verifyUrl(publicUrl, label.id), x, y);
  });
  doc.end();
  return done;
}

function drawLabel(doc: PDFKit.PDFDocument, label: Label, url: string, x: number, y: number) {
  const { width, height, padding } = SHEET;
  doc.save().lineWidth(0.25).strokeColor('#cccccc').rect(x, y, width, height).stroke().restore();
  const qrSide = height - 2 * padding;
  drawQr(doc, url, x + padding, y + padding, qrSide);
  const tx = x + 2 * padding + qrSide;
  const tw = width - (tx - x) - padding;
  // Each item gets a fixed number of lines; a long name ends in an ellipsis instead of overprinting.
  const line = (text: string, font: string, size: number, lines = 1, color = '#000000') =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, { width: tw, height: size * 1.2 * lines, ellipsis: true });
  doc.x = tx;
  doc.y = y + padding + 2;
  line(label.code, 'Helvetica-Bold', 12);
  doc.moveDown(0.2);
  line(label.material, 'Helvetica', 9, 2);
  line(formatKg(label.qtyKg), 'Helvetica-Bold', 11);
  doc.moveDown(0.2);
  line(label.facility, 'Helvetica', 8);
  line(`${label.received ? 'Received' : 'Made'} ${label.day}`, 'Helvetica', 8);
  doc.y = y + height - padding - 8;
  line('Scan to verify', 'Helvetica', 6, 1, '#666666');
}

/** The QR as filled squares: sharp at any print size, and a few hundred bytes per label. */
export function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, side: number) {
  const { size, dark } = qrModules(url);
  const unit = side / (size + 2 * QR_MARGIN);
  const ox = x + QR_MARGIN * unit;
  const oy = y + QR_MARGIN * unit;
  for (let row = 0; row < size; row++) {
    // One rectangle per horizontal run of dark modules keeps the page small.
    for (let col = 0; col < size; col++) {
      if (!dark(row, col)) continue;
      let end = col;
      while (end + 1 < size && dark(row, end + 1)) end++;
      doc.rect(ox + col * unit, oy + row * unit, (end - col + 1) * unit, unit);
      col = end;
    }
  }
  doc.fillColor('#000000').fill();
}
