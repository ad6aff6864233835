import {
  ECAR_DECISION_LABELS,
  type EcarReport,
  ENTERPRISE_KIND_LABELS,
  formatKg,
  formatPhp,
} from '@plastrace/shared';
import PDFDocument from 'pdfkit';
import { drawQr } from '../lots/lots.labels.ts';

// The ECAR as an A4 PDF: the organization, year, version and digest, the statement's figures with their
// basis, every item with its evidence and proof links, the auditor's decisions and the sign-off block.
// "DRAFT" until signed off; a signed-off report carries a QR code to its record-log proof.

const mm = (v: number) => (v * 72) / 25.4;
const LEFT = mm(16);
const WIDTH = mm(210 - 32);
const QR = mm(28);
// The PDF's standard fonts (WinAnsi) have no peso or minus sign.
const plain = (s: string) => s.replaceAll('₱', 'PHP ').replaceAll('−', '-');
const php = (v: string | null) => (v === null ? '-' : plain(formatPhp(v)));
const kg = (v: string | null) => (v === null ? '-' : formatKg(v));

export function ecarPdf(r: EcarReport, publicUrl: string): Promise<Buffer> {
  const c = r.content;
  const s = c.statement;
  const signed = r.status === 'signed_off';
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: mm(16), bottom: mm(16), left: LEFT, right: LEFT },
    info: { Title: `ECAR ${c.year} version ${c.version}, ${c.organization.name}`, Creator: 'PlasTrace' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const write = (text: string, font = 'Helvetica', size = 9, color = '#000000') =>
    doc.font(font).fontSize(size).fillColor(color).text(plain(text), { width: WIDTH });
  const field = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(plain(value));
  };
  const heading = (text: string) => {
    if (doc.y > doc.page.height - mm(40)) doc.addPage();
    doc.moveDown(0.8);
    write(text, 'Helvetica-Bold', 12);
    doc.moveDown(0.2);
  };

  const top = doc.y;
  const textWidth = signed ? WIDTH - QR - mm(4) : WIDTH;
  if (signed) drawQr(doc, `${publicUrl}/verify/${r.id}`, LEFT + WIDTH - QR, top, QR);
  doc.font('Helvetica-Bold').fontSize(16).text(plain(c.organization.name), LEFT, top, { width: textWidth });
  doc.font('Helvetica-Bold').fontSize(13).text(`EPR Compliance Audit Report ${c.year}`, { width: textWidth });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      plain(
        `Version ${c.version} · ${ENTERPRISE_KIND_LABELS[c.organization.enterprise_kind]}, ${c.organization.obliged ? 'obliged' : 'not obliged'} · NSWMC registration ${c.organization.registration_no ?? 'not entered'}`,
      ),
      { width: textWidth },
    )
    .text(`Drafted ${r.created_at.slice(0, 10)} by ${r.created_by.name} · due ${s.ecar_due_on}`, {
      width: textWidth,
    })
    .text(`Content SHA-256 ${r.content_sha256}`, { width: textWidth });
  if (!signed)
    doc
      .moveDown(0.3)
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor('#b00020')
      .text('DRAFT: not signed off', { width: textWidth })
      .fillColor('#000000');
  doc.y = Math.max(doc.y, signed ? top + QR : 0) + mm(2);
  doc.x = LEFT;

  heading('Statement');
  field('Plastic footprint', kg(s.footprint.total_kg));
  for (const b of s.footprint.by_category) field(`  ${b.category}`, `${kg(b.kg)} (${b.source})`);
  field(
    'Recovery target',
    s.target.recovery_target_pct === null ? 'none' : `${s.target.recovery_target_pct} %`,
  );
  field('Required recovery', kg(s.required_kg));
  field('Recovered', `${kg(s.recovered_kg)} (${s.retired_credits} credits retired for ${c.year})`);
  field('Surplus', kg(s.surplus_kg));
  field('Shortfall', kg(s.shortfall_kg));
  field(
    'Fine exposure',
    s.fine.low_php === null ? s.fine.statement : `${php(s.fine.low_php)} to ${php(s.fine.high_php)}`,
  );
  if (s.fine.low_php !== null) write(s.fine.statement, 'Helvetica', 8, '#333333');
  heading('Basis');
  for (const b of s.basis) {
    write(`${b.figure}: ${b.value}`, 'Helvetica-Bold', 8);
    write(`${b.rule} Source: ${b.source}`, 'Helvetica', 7, '#333333');
  }

  heading(`Evidence items (${c.items.length})`);
  const reviews = new Map(r.reviews.map((v) => [v.item_key, v.latest]));
  for (const item of c.items) {
    if (doc.y > doc.page.height - mm(40)) doc.addPage();
    doc.moveDown(0.4);
    write(`${item.title}: ${kg(item.kg)}`, 'Helvetica-Bold', 9);
    write(item.detail, 'Helvetica', 8, '#333333');
    if (item.retirement)
      write(`Batch proof: ${publicUrl}${item.retirement.log_url}`, 'Helvetica', 7, '#333333');
    for (const e of item.evidence)
      write(
        `Lot ${e.lot.code}: ${kg(e.kg)}, ${e.fate}; delivery ${e.delivery.number}${e.delivery.weighbridge_ticket ? `, weighbridge ticket ${e.delivery.weighbridge_ticket}` : ''} (${publicUrl}${e.delivery.proof_url}); recovered by ${e.recovery.number} (${publicUrl}${e.recovery.proof_url})`,
        'Helvetica',
        7,
      );
    const v = reviews.get(item.key);
    write(
      v
        ? `Auditor: ${ECAR_DECISION_LABELS[v.decision]} by ${v.reviewed_by.name} on ${v.reviewed_at.slice(0, 10)}${v.comment ? `: ${v.comment}` : ''}`
        : 'Auditor: not reviewed',
      'Helvetica-Oblique',
      8,
    );
  }

  heading('Sign-off');
  if (signed) {
    field('Signed off by', `${r.signed_by?.name ?? ''} on ${r.signed_at?.slice(0, 10) ?? ''}`);
    field('Opinion', r.opinion ?? '');
    write(
      `Frozen at sign-off and entered into the record log: ${publicUrl}/verify/${r.id}`,
      'Helvetica',
      8,
      '#333333',
    );
  } else {
    write(
      `Not signed off: ${r.accepted_count} of ${r.item_count} items accepted. The independent third-party auditor signs off once every item is accepted.`,
    );
  }
  doc.end();
  return done;
}
