import sharp, { type Exif } from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifFacts, sniffImage } from './images.ts';

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
