import QRCode from 'qrcode';

/** The QR of a lot leads to its public page; medium error correction survives a scuffed label. */
export const verifyUrl = (publicUrl: string, lotId: string) => `${publicUrl}/verify/${lotId}`;

const options = { errorCorrectionLevel: 'M' as const, margin: 2 };

export const qrSvg = (url: string): Promise<string> => QRCode.toString(url, { ...options, type: 'svg' });

export const qrPng = (url: string): Promise<Buffer> =>
  QRCode.toBuffer(url, { ...options, type: 'png', width: 512 });
