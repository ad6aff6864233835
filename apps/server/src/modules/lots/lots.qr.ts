import QRCode from 'qrcode';

/** The QR of a lot leads to its public page; medium error correction survives a scuffed label. */
export const verifyUrl = (publicUrl: string, lotId: string) => `${publicUrl}/verify/${lotId}`;

/** Quiet zone, in modules, around every rendering of the code. */
export const QR_MARGIN = 2;
const options = { errorCorrectionLevel: 'M' as const, margin: QR_MARGIN };

export const qrSvg = (url: string): Promise<string> => QRCode.toString(url, { ...options, type: 'svg' });

export const qrPng = (url: string): Promise<Buffer> =>
  QRCode.toBuffer(url, { ...options, type: 'png', width: 512 });

/** The same symbol as a matrix of dark modules (row-major, `size` × `size`), to draw as vector shapes. */
export function qrModules(url: string): { size: number; dark: (row: number, col: number) => boolean } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: options.errorCorrectionLevel });
  return { size: modules.size, dark: (row, col) => modules.data[row * modules.size + col] === 1 };
}
