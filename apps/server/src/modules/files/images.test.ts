import { deflateSync } from 'node:zlib';
import sharp, { type Exif } from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifFacts, MAX_PIXELS, preparePhoto, sniffImage } from './images.ts';

const exifOf = async (tags: Exif) => {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .jpeg()
    .withExif(tags)
    .toBuffer();
  const { exif } = await sharp(jpeg).metadata();
  if (!exif) throw new Error('no EXIF written');
  return exif;
};

describe('photo facts', () => {
  it('tells images by their first bytes', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    expect(sniffImage(png)).toBe('png');
    expect(sniffImage(webp)).toBe('webp');
    expect(sniffImage(await sharp(png).jpeg().toBuffer())).toBe('jpeg');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(16)]);
    expect(sniffImage(heic)).toBe('heic');
    expect(sniffImage(Buffer.from('GIF89a……'))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });

  it('signs southern and western coordinates', async () => {
    const facts = exifFacts(
      await exifOf({
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 52/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '70/1 30/1 0/1',
        },
      }),
      'Asia/Manila',
    );
    expect(facts).toEqual({ capturedAt: null, latitude: '-33.866667', longitude: '-70.500000' });
  });

  it('treats a 0,0 fix as no position, and reads the clock in the given zone', async () => {
    const facts = exifFacts(
      await exifOf({
        IFD2: { DateTimeOriginal: '2026:01:15 12:00:00' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '0/1 0/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '0/1 0/1 0/1',
        },
      }),
      'America/New_York',
    );
    expect(facts).toEqual({ capturedAt: new Date('2026-01-15T17:00:00Z'), latitude: null, longitude: null });
  });

  it('gives up quietly on an EXIF block it cannot parse', () => {
    expect(exifFacts(Buffer.from('Exif\0\0garbage'), 'Asia/Manila')).toEqual({
      capturedAt: null,
      latitude: null,
      longitude: null,
    });
  });
});

/** A tiny PNG whose header claims any size: the pixels it would need are never there. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('decompression limits', () => {
  it('refuses more than 40 megapixels from the header, before decoding (payload too large)', async () => {
    expect(MAX_PIXELS).toBe(40_000_000);
    const bomb = pngClaiming(9000, 9000);
    expect(bomb.length).toBeLessThan(200);
    await expect(preparePhoto(bomb, 'huge.png', 'Asia/Manila')).rejects.toMatchObject({
      code: 'payload_too_large',
      message:
        '“huge.png” is 9000 × 9000 pixels; at most 40 megapixels are accepted. Take it at a lower resolution.',
    });
  });

  it('lets a size within the limit through to decoding', async () => {
    // 8000 × 5000 is exactly 40 MP: accepted by the header check, then found to have no real pixels.
    await expect(preparePhoto(pngClaiming(8000, 5000), 'edge.png', 'Asia/Manila')).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});
