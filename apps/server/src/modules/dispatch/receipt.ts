import { type DispatchRecord, formatKg, formatPhp } from '@plastrace/shared';
import PDFDocument from 'pdfkit';
import { drawQr } from '../lots/lots.labels.ts';

// The delivery receipt (DR) that travels with the truck: A4, who ships to whom, the lots with their
// weights and prices, the truck, driver and seals, lines to sign, and a QR code to the dispatch's public
// verification page so the receiver can check that the paper matches the record.

export type ReceiptParties = {
  organization: string;
  epr_license: string | null;
  time_zone: string;
  facility_address: string | null;
  customer_address: string | null;
  customer_tin: string | null;
};

const mm = (v: number) => (v * 72) / 25.4;
const LEFT = mm(18);
const WIDTH = mm(210 - 36);
const QR = mm(32);

// The PDF's standard fonts (WinAnsi) have no peso sign or minus sign.
const peso = (amount: string) => formatPhp(amount).replace('₱', 'PHP ');

const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );

export function deliveryReceipt(r: DispatchRecord, p: ReceiptParties, verifyUrl: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: mm(16), bottom: mm(16), left: LEFT, right: LEFT },
    info: { Title: `Delivery receipt ${r.delivery_receipt_no ?? r.number}`, Creator: 'PlasTrace' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Header: the issuer on the left, the QR on the right.
  const top = doc.y;
  drawQr(doc, verifyUrl, LEFT + WIDTH - QR, top, QR);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(p.organization, LEFT, top, { width: WIDTH - QR - mm(4) });
  doc.font('Helvetica').fontSize(9).fillColor('#333333');
  if (p.facility_address)
    doc.text(`From: ${r.facility.name}, ${p.facility_address}`, { width: WIDTH - QR - mm(4) });
  if (p.epr_license) doc.text(`EPR registration: ${p.epr_license}`);
  doc.moveDown(0.6).fillColor('#000000').font('Helvetica-Bold').fontSize(14).text('DELIVERY RECEIPT');
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`No. ${r.delivery_receipt_no ?? '(not posted)'}   ·   Dispatch ${r.number}`);
  if (r.status === 'voided')
    doc.fillColor('#b00020').font('Helvetica-Bold').text('VOID').fillColor('#000000');
  doc.y = Math.max(doc.y, top + QR) + mm(4);

  const field = (label: string, value: string | null | undefined) => {
    if (!value) return;
    doc.font('Helvetica-Bold').fontSize(9).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  };
  field('Delivered to', `${r.customer.name} (${r.customer.code})`);
  field('Address', r.destination ?? p.customer_address);
  field('TIN', p.customer_tin);
  field('Sales order', r.order?.number);
  field('Dispatched', when(r.dispatched_at, p.time_zone));
  field('Vehicle', r.vehicle ? `${r.vehicle.code}, ${r.vehicle.name}` : null);
  field('Driver', r.driver?.name);
  field('Hauler', r.hauler?.name);
  field('Seals', r.seal_numbers.join(', '));
  if (r.net_kg)
    field(
      'Weighbridge out',
      `gross ${formatKg(r.gross_kg ?? '0')} - tare ${formatKg(r.tare_kg ?? '0')} = net ${formatKg(r.net_kg)}${r.weighbridge_ticket ? `, ticket ${r.weighbridge_ticket}` : ''}`,
    );
  doc.moveDown(0.8);

  // The lines.
  const cols = [
    { head: 'Lot', width: 0.26, align: 'left' as const },
    { head: 'Material', width: 0.3, align: 'left' as const },
    { head: 'Kg', width: 0.14, align: 'right' as const },
    { head: 'Price/kg', width: 0.12, align: 'right' as const },
    { head: 'Amount', width: 0.18, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = LEFT;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((text, i) => {
      const c = cols[i];
      if (!c) return;
      doc.text(text, x, y, { width: c.width * WIDTH - 4, align: c.align, lineBreak: false, ellipsis: true });
      x += c.width * WIDTH;
    });
    doc.x = LEFT;
    doc.y = y + 14;
  };
  const rule = () =>
    doc
      .moveTo(LEFT, doc.y - 2)
      .lineTo(LEFT + WIDTH, doc.y - 2)
      .lineWidth(0.5)
      .stroke();
  row(
    cols.map((c) => c.head),
    true,
  );
  rule();
  for (const l of r.lines)
    row([l.lot.code, l.material.name, formatKg(l.kg), peso(l.unit_price), peso(l.amount)]);
  rule();
  row(['Total', '', formatKg(r.total_kg), '', peso(r.amount)], true);
  if (r.notes) {
    doc.moveDown(0.5);
    field('Notes', r.notes);
  }

  // Signatures.
  doc.moveDown(3);
  const sy = doc.y;
  const third = WIDTH / 3;
  ['Released by', 'Driver', 'Received by (name, signature, date)'].forEach((who, i) => {
    const x = LEFT + i * third;
    doc
      .moveTo(x, sy)
      .lineTo(x + third - mm(6), sy)
      .lineWidth(0.5)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(who, x, sy + 4, { width: third - mm(6) });
  });
  doc.x = LEFT;
  doc.y = sy + mm(14);
  doc
    .fontSize(7)
    .fillColor('#666666')
    .text(`Scan the code to check this receipt against the record: ${verifyUrl}`, LEFT, doc.y, {
      width: WIDTH,
    });
  doc.end();
  return done;
}
