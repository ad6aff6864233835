import {
  CERTIFICATE_CLIENT_TYPE_LABELS,
  type Certificate,
  DIVERSION_FATE_LABELS,
  formatKg,
} from '@plastrace/shared';
import PDFDocument from 'pdfkit';
import { drawQr } from '../lots/lots.labels.ts';
import type { OrgFacts } from './certificates.repo.ts';

// The certificate as the client frames it: A4, the issuer (logo, name, registration) above, the client,
// period and kilograms by material and fate, the statement, the signatory's line and a QR code to the
// public verification page, which tells a reader whether it still stands. A revoked certificate prints
// REVOKED across the page with the date and reason.

const mm = (v: number) => (v * 72) / 25.4;
const LEFT = mm(20);
const WIDTH = mm(210 - 40);
const QR = mm(30);
const LOGO = { width: mm(45), height: mm(24) };

/** '2026-11-02' → '2 November 2026' (a calendar day: no time zone applies). */
const longDay = (d: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
/** An instant's day in the organization's time zone, written out. */
const dayOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone }).format(new Date(iso));

export type CertificateDoc = {
  certificate: Certificate;
  organization: OrgFacts;
  logo: Buffer | null;
};

export function certificatePdf({ certificate: c, organization: o, logo }: CertificateDoc): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: mm(18), bottom: mm(18), left: LEFT, right: LEFT },
    info: { Title: `Waste diversion certificate ${c.number}`, Author: o.name, Creator: 'PlasTrace' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // The issuer: logo and name on the left, the QR code on the right.
  const top = doc.y;
  drawQr(doc, c.public_url, LEFT + WIDTH - QR, top, QR);
  let textTop = top;
  if (logo) {
    doc.image(logo, LEFT, top, { fit: [LOGO.width, LOGO.height] });
    textTop = top + LOGO.height + mm(3);
  }
  const beside = { width: WIDTH - QR - mm(6) };
  doc.font('Helvetica-Bold').fontSize(15).fillColor('#000000').text(o.name, LEFT, textTop, beside);
  doc.font('Helvetica').fontSize(9).fillColor('#333333');
  if (o.epr_license) doc.text(`EPR registration: ${o.epr_license}`, beside);
  doc.text(`Country: ${o.country}`, beside);
  doc.y = Math.max(doc.y, top + QR) + mm(8);

  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(20);
  doc.text('WASTE DIVERSION CERTIFICATE', LEFT, doc.y, { width: WIDTH, align: 'center' });
  doc.font('Helvetica').fontSize(11).text(`No. ${c.number}`, { width: WIDTH, align: 'center' });
  doc.moveDown(1.5);

  const field = (label: string, value: string | null) => {
    if (!value) return;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${label}: `, LEFT, doc.y, { continued: true, width: WIDTH });
    doc.font('Helvetica').text(value);
  };
  field('Issued to', `${c.client_name} (${CERTIFICATE_CLIENT_TYPE_LABELS[c.client_type]})`);
  field('Address', c.client_address);
  field('Period', `${longDay(c.period_from)} to ${longDay(c.period_to)}`);
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(
      `This certifies that ${formatKg(c.total_kg)} of plastic waste diverted from landfill for ${c.client_name} ` +
        `in this period was received by ${o.name} and sent to recycling or co-processing, as set out below. ` +
        'Each kilogram rests on weighed deliveries and posted recovery records, and backs no other certificate.',
      LEFT,
      doc.y,
      { width: WIDTH, align: 'justify' },
    );
  doc.moveDown(1);
  linesTable(doc, c);

  if (c.notes) {
    doc.moveDown(0.8);
    field('Notes', c.notes);
  }
  doc.moveDown(0.8);
  field('Issued on', dayOf(c.issued_at, o.time_zone));

  // The signatory's line.
  doc.moveDown(3.5);
  const sy = doc.y;
  const half = WIDTH / 2;
  doc
    .moveTo(LEFT, sy)
    .lineTo(LEFT + half - mm(10), sy)
    .lineWidth(0.6)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(c.signatory_name, LEFT, sy + 4, { width: half - mm(10) });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(c.signatory_title, { width: half - mm(10) });
  doc.moveDown(2);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(`Scan the code or open ${c.public_url} to check that this certificate stands.`, LEFT, doc.y, {
      width: WIDTH,
    });

  if (c.revoked_at) revokedMark(doc, c, o.time_zone);
  doc.end();
  return done;
}

function linesTable(doc: PDFKit.PDFDocument, c: Certificate) {
  const cols = [
    { head: 'Material', width: 0.5, align: 'left' as const },
    { head: 'Fate', width: 0.25, align: 'left' as const },
    { head: 'Kg', width: 0.25, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = LEFT;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    cells.forEach((text, i) => {
      const col = cols[i];
      if (!col) return;
      doc.text(text, x + 2, y, {
        width: col.width * WIDTH - 4,
        align: col.align,
        lineBreak: false,
        ellipsis: true,
      });
      x += col.width * WIDTH;
    });
    doc.x = LEFT;
    doc.y = y + 16;
  };
  const rule = () =>
    doc
      .moveTo(LEFT, doc.y - 3)
      .lineTo(LEFT + WIDTH, doc.y - 3)
      .lineWidth(0.5)
      .stroke();
  row(
    cols.map((col) => col.head),
    true,
  );
  rule();
  for (const l of c.lines)
    row([`${l.name} (${l.material_type})`, DIVERSION_FATE_LABELS[l.fate], formatKg(l.kg)]);
  rule();
  row(['Total diverted from landfill', '', formatKg(c.total_kg)], true);
}

/** REVOKED across the page, and why, so a printed copy cannot pass for a standing one. */
function revokedMark(doc: PDFKit.PDFDocument, c: Certificate, timeZone: string) {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc
    .font('Helvetica-Bold')
    .fontSize(110)
    .fillColor('#c62828')
    .fillOpacity(0.3)
    .text('REVOKED', 0, height / 2 - 55, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#c62828')
    .fillOpacity(1)
    .text(
      `REVOKED on ${dayOf(c.revoked_at ?? c.issued_at, timeZone)}: ${c.revoke_reason ?? ''}`,
      LEFT,
      doc.page.height - mm(30),
      { width: WIDTH, align: 'center' },
    );
}
