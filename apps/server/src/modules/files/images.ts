import exifReader from 'exif-reader';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/errors.ts';

// Photos from phones at the weighbridge: checked by their content (never the declared type),
// re-encoded without any metadata (EXIF, XMP, ICC: location, device serials), with the capture time
// and position kept as plain fields because they are evidence of the delivery.

/** Longest side kept: enough to read a plate or a ticket, small enough to keep in PostgreSQL. */
const MAX_SIDE = 2560;
const THUMB_SIDE = 320;
/**
 * Pixels decoded at most, checked from the header before any decoding: a small file can claim a huge
 * canvas (a decompression bomb), and even an honest 9,000 × 9,000 PNG took 1.7 s of CPU to decode.
 * 40 MP keeps the usual phone photo (12–24 MP, and 12 MP binned from 48 MP sensors).
 */
export const MAX_PIXELS = 40_000_000;

export const THUMBNAIL_MIME = 'image/webp';

type Kind = 'jpeg' | 'png' | 'webp' | 'heic';

/** The type by its first bytes; what the browser or the file name claims does not count. */
export function sniffImage(b: Buffer): Kind | undefined {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') {
    const brand = b.toString('latin1', 8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  return undefined;
}

/**
 * Sharp's prebuilt libvips decodes AVIF but not HEVC-coded HEIC (patents); a libvips built with
 * libde265 lists .heic among its suffixes, and then iPhone originals are accepted too.
 */
export const canReadHeic = (): boolean =>
  (sharp.format.heif?.input as { fileSuffix?: string[] } | undefined)?.fileSuffix?.includes('.heic') ?? false;

export const ACCEPTED_TYPES = (): string => (canReadHeic() ? 'JPEG, PNG, WebP or HEIC' : 'JPEG, PNG or WebP');

export type PreparedImage = {
  bytes: Buffer;
  mime: string;
  thumbnail: Buffer;
  width: number;
  height: number;
  capturedAt: Date | null;
  latitude: string | null;
  longitude: string | null;
};

const notAnImage = (name: string) =>
  new AppError('unsupported_media_type', `“${name}” is not a photo. Send a ${ACCEPTED_TYPES()} image.`);

/**
 * Re-encodes a photo: turned upright by its EXIF orientation, at most MAX_SIDE pixels on a side, with
 * every metadata block dropped (sharp writes none unless asked), plus a WebP thumbnail.
 * `timeZone` reads a camera clock that does not say its UTC offset.
 */
export async function preparePhoto(input: Buffer, name: string, timeZone: string): Promise<PreparedImage> {
  const kind = sniffImage(input);
  if (!kind) throw notAnImage(name);
  if (kind === 'heic' && !canReadHeic())
    throw new AppError(
      'unsupported_media_type',
      `“${name}” is a HEIC photo, which this server cannot read. Set the camera to JPEG (“Most compatible”) or send it as ${ACCEPTED_TYPES()}.`,
    );
  const source = () => sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    // metadata() reads the header only; without the pixel limit here it reports the size it claims.
    meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (err) {
    throw unreadable(err, name);
  }
  const expected = kind === 'heic' ? 'heif' : kind;
  if (meta.format !== expected) throw notAnImage(name);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_PIXELS) throw tooManyPixels(name, `${width} × ${height} pixels`);
  const facts = meta.exif ? exifFacts(meta.exif, timeZone) : NO_FACTS;

  try {
    const pipeline = source()
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      kind === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : kind === 'webp'
          ? pipeline.webp({ quality: 85 })
          : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return {
      bytes: data,
      mime: kind === 'png' ? 'image/png' : kind === 'webp' ? 'image/webp' : 'image/jpeg',
      thumbnail,
      width: info.width,
      height: info.height,
      ...facts,
    };
  } catch (err) {
    throw unreadable(err, name);
  }
}

const tooManyPixels = (name: string, size = `more than ${MAX_PIXELS / 1_000_000} megapixels`) =>
  new AppError(
    'payload_too_large',
    `“${name}” is ${size}; at most ${MAX_PIXELS / 1_000_000} megapixels are accepted. Take it at a lower resolution.`,
  );

function unreadable(err: unknown, name: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof Error && /pixel limit/i.test(err.message)) return tooManyPixels(name);
  return new AppError('validation_failed', `“${name}” could not be read as an image; it may be damaged.`);
}

type Facts = Pick<PreparedImage, 'capturedAt' | 'latitude' | 'longitude'>;
const NO_FACTS: Facts = { capturedAt: null, latitude: null, longitude: null };

/** When and where the photo was taken, from its EXIF block; anything unreadable is simply unknown. */
export function exifFacts(raw: Buffer, timeZone: string): Facts {
  let tags: ReturnType<typeof exifReader>;
  try {
    tags = exifReader(raw);
  } catch {
    return NO_FACTS;
  }
  const latitude = coordinate(tags.GPSInfo?.GPSLatitude, tags.GPSInfo?.GPSLatitudeRef, 'S', 90);
  const longitude = coordinate(tags.GPSInfo?.GPSLongitude, tags.GPSInfo?.GPSLongitudeRef, 'W', 180);
  return {
    capturedAt: captureTime(tags.Photo?.DateTimeOriginal, tags.Photo?.OffsetTimeOriginal, timeZone),
    // A point needs both halves; (0, 0) is what cameras write when they had no fix.
    ...(latitude !== null && longitude !== null && !(latitude === 0 && longitude === 0)
      ? { latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) }
      : { latitude: null, longitude: null }),
  };
}

/** Degrees, minutes, seconds and a hemisphere letter to signed decimal degrees. */
function coordinate(dms: unknown, ref: unknown, negative: string, max: number): number | null {
  if (
    !Array.isArray(dms) ||
    dms.length === 0 ||
    !dms.every((n) => typeof n === 'number' && Number.isFinite(n))
  )
    return null;
  const [d = 0, m = 0, s = 0] = dms as number[];
  const value = d + m / 60 + s / 3600;
  if (value > max) return null;
  return typeof ref === 'string' && ref.trim().toUpperCase() === negative ? -value : value;
}

/**
 * EXIF keeps the camera's wall-clock time; exif-reader hands it over as if it were UTC. The offset
 * tag (EXIF 2.31) places it exactly; without it the organization's time zone is the best guess.
 */
function captureTime(wall: unknown, offset: unknown, timeZone: string): Date | null {
  if (!(wall instanceof Date) || Number.isNaN(wall.getTime())) return null;
  const m = typeof offset === 'string' ? /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim()) : null;
  if (m) {
    const minutes = (Number(m[2]) * 60 + Number(m[3])) * (m[1] === '-' ? -1 : 1);
    return new Date(wall.getTime() - minutes * 60_000);
  }
  return new Date(wall.getTime() - zoneOffsetMs(wall, timeZone));
}

/** The zone's UTC offset at (about) that wall time: the zone's reading of the instant minus the instant. */
function zoneOffsetMs(wall: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(wall);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(wall.getTime() / 1000) * 1000;
}
