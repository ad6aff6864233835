import QRCode from 'qrcode';
import sharp from 'sharp';

/** The QR of a lot leads to its public page; medium error correction survives a scuffed label. */
export const verifyUrl = (publicUrl: string, lotId: string) => `${publicUrl}/verify/${lotId}`;

/** Quiet zone, in modules, around every rendering of the code. */
export const QR_MARGIN = 2;
const options = { errorCorrectionLevel: 'M' as const, margin: QR_MARGIN };

export const qrSvg = (url: string): Promise<string> => QRCode.toString(url, { ...options, type: 'svg' });

const PNG_SIZE = 512;
const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/**
 * The QR as a 512 px PNG with what a person reads by eye under it (the lot code, bold, then the
 * material), so a printed or shared image says which lot it is without scanning it.
 */
export async function qrPng(url: string, caption: string[] = []): Promise<Buffer> {
  const qr = await QRCode.toBuffer(url, { ...options, type: 'png', width: PNG_SIZE });
  if (caption.length === 0) return qr;
  const lineHeight = 34;
  const height = caption.length * lineHeight + 20;
  const lines = caption
    .map(
      (text, i) =>
        `<text x="${PNG_SIZE / 2}" y="${(i + 1) * lineHeight}" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${i === 0 ? 28 : 22}" font-weight="${i === 0 ? 700 : 400}" fill="#000">${escapeXml(text)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PNG_SIZE}" height="${height}">${lines}</svg>`;
  return sharp(qr)
    .extend({ bottom: height, background: '#ffffff' })
    .composite([{ input: Buffer.from(svg), top: PNG_SIZE, left: 0 }])
    .png()
    .toBuffer();
}

/** The same symbol as a matrix of dark modules (row-major, `size` × `size`), to draw as vector shapes. */
export function qrModules(url: string): { size: number; dark: (row: number, col: number) => boolean } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: options.errorCorrectionLevel });
  return { size: modules.size, dark: (row, col) => modules.data[row * modules.size + col] === 1 };
}
