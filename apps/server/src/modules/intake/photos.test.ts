import { createHash, randomBytes } from 'node:crypto';
import { PHOTO_MAX_BYTES } from '@plastrace/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();

let m: Awaited<ReturnType<typeof seededOrganization>>;
let org: { facility: string; supplier: string; otherSupplier: string; pet: string };

beforeAll(async () => {
  m = await seededOrganization(ctx, 'photos');
  const first = async (url: string) => (await m.admin.get(url)).json().items as { id: string }[];
  const [facility] = await first('/api/facilities?q=MNL1');
  const [supplier, otherSupplier] = await first('/api/suppliers?sort=code&limit=2');
  const [pet] = await first('/api/materials?q=PET_BOTTLES_CLEAR');
  org = {
    facility: facility?.id ?? '',
    supplier: supplier?.id ?? '',
    otherSupplier: otherSupplier?.id ?? '',
    pet: pet?.id ?? '',
  };
});

const draft = async (by: TestClient = m.operator, supplierId = org.supplier) => {
  const res = await by.post('/api/receive-records', {
    supplier_id: supplierId,
    facility_id: org.facility,
    received_at: '2026-10-20T09:30:00+08:00',
    lines: [{ material_id: org.pet, gross_kg: 500, unit_price: 15 }],
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; number: string };
};

/**
 * A 1800×1200 phone photo taken sideways (EXIF orientation 6) with a capture time and a GPS fix; noise
 * compresses badly, so it weighs more than the app's 1 MB limit for JSON bodies, as real photos do.
 */
async function phonePhoto(exif: { offset?: string } = {}) {
  return sharp(randomBytes(1800 * 1200 * 3), { raw: { width: 1800, height: 1200, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PlasTrace Test Cam', Model: 'Serial 12345' },
      IFD2: {
        DateTimeOriginal: '2026:10:20 09:31:05',
        ...(exif.offset ? { OffsetTimeOriginal: exif.offset } : {}),
      },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '14/1 35/1 2283/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '120/1 58/1 4500/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small PNG of one colour: distinct photos, cheaply. */
const swatch = (n: number) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: { r: n * 20, g: 90, b: 200 - n * 10 } } })
    .png()
    .toBuffer();

const form = (...parts: { bytes: Buffer; name: string; type?: string }[]) => {
  const f = new FormData();
  for (const p of parts)
    f.append('photos', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/jpeg' }), p.name);
  return f;
};

const upload = (c: TestClient, id: string, ...parts: { bytes: Buffer; name: string; type?: string }[]) =>
  c.post(`/api/receive-records/${id}/photos`, form(...parts));

describe('receive record photos', () => {
  it('strips EXIF, keeps capture time and GPS as fields, and serves the photo and a smaller thumbnail', async () => {
    const record = await draft();
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(m.operator, record.id, { bytes: original, name: 'C:\\DCIM\\IMG_0001.jpg' });
    expect(res.statusCode).toBe(201);
    const [photo] = res.json().photos;
    expect(photo).toMatchObject({
      mime: 'image/jpeg',
      original_name: 'IMG_0001.jpg',
      // No offset in the EXIF: the camera clock is read in the organization's zone (Asia/Manila, +08:00).
      captured_at: '2026-10-20T01:31:05.000Z',
      latitude: '14.589675',
      longitude: '120.979167',
      position: 1,
      url: `/api/receive-records/${record.id}/photos/${photo.id}`,
      thumbnail_url: `/api/receive-records/${record.id}/photos/${photo.id}/thumbnail`,
    });

    const image = await m.operator.get(photo.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('private');
    const stored = image.rawPayload;
    expect(stored.length).toBe(photo.size);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1800 }); // turned upright
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Serial 12345'))).toBe(false);

    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, photo.id));
    expect(row?.sha256).toBe(createHash('sha256').update(stored).digest('hex'));

    const thumb = await m.operator.get(photo.thumbnail_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)).toBe(320);
    expect(thumb.rawPayload.length).toBeLessThan(stored.length);

    const again = await m.operator.get(photo.url, { 'if-none-match': String(image.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await m.operator.get(`/api/receive-records/${record.id}`)).json().photos).toHaveLength(1);

    // The append-only audit trail keeps the change, but not where the photo was taken.
    const trail = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, record.id));
    expect(trail.length).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).toContain(photo.id);
    expect(JSON.stringify(trail)).not.toMatch(/14\.589675|latitude/);
  });

  it('places the capture time by the EXIF offset when the camera wrote one', async () => {
    const record = await draft();
    const res = await upload(m.operator, record.id, {
      bytes: await phonePhoto({ offset: '+09:00' }),
      name: 'a.jpg',
    });
    expect(res.json().photos[0].captured_at).toBe('2026-10-20T00:31:05.000Z');
  });

  it('does not add the same photo twice (a retried upload is harmless)', async () => {
    const record = await draft();
    const bytes = await swatch(1);
    expect((await upload(m.operator, record.id, { bytes, name: 'a.png' })).statusCode).toBe(201);
    const retry = await upload(m.operator, record.id, { bytes, name: 'a.png' }, { bytes, name: 'b.png' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().photos).toHaveLength(1);
  });

  it('refuses what is not a photo, by content, whatever the declared type', async () => {
    const record = await draft();
    const text = await upload(m.operator, record.id, {
      bytes: Buffer.from('not really a picture'),
      name: 'ticket.jpg',
      type: 'image/jpeg',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(text.json().message).toContain('“ticket.jpg” is not a photo');
    const svg = await upload(m.operator, record.id, {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      name: 'x.svg',
      type: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);
    const broken = await upload(m.operator, record.id, {
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
      name: 'broken.jpg',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('could not be read as an image');
    const json = await m.operator.post(`/api/receive-records/${record.id}/photos`, { photo: 'x' });
    expect(json.statusCode).toBe(415);
    const none = await m.operator.post(`/api/receive-records/${record.id}/photos`, new FormData());
    expect(none.statusCode).toBe(400);
    expect((await m.operator.get(`/api/receive-records/${record.id}`)).json().photos).toEqual([]);
  });

  it('refuses a photo over the size limit (413) and more photos than a record holds (422)', async () => {
    const record = await draft();
    const huge = Buffer.alloc(PHOTO_MAX_BYTES + 1, 1);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const big = await upload(m.operator, record.id, { bytes: huge, name: 'huge.jpg' });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'payload_too_large',
      message: expect.stringContaining('10 MB'),
    });

    const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => swatch(i)));
    const full = await upload(m.operator, record.id, ...ten.map((bytes, i) => ({ bytes, name: `${i}.png` })));
    expect(full.statusCode).toBe(201);
    expect(full.json().photos.map((p: { position: number }) => p.position)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    const more = await upload(m.operator, record.id, { bytes: await swatch(11), name: '11.png' });
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toContain('at most 10 photos; this one already has 10');
  });

  it('removes a photo from a draft, with its bytes, and logs both changes', async () => {
    const record = await draft();
    const added = (await upload(m.operator, record.id, { bytes: await swatch(3), name: 'load.png' })).json();
    const photo = added.photos[0];
    const res = await m.operator.delete(`/api/receive-records/${record.id}/photos/${photo.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toEqual([]);
    expect(await ctx.database.db.select().from(files).where(eq(files.id, photo.id))).toEqual([]);
    expect((await m.operator.get(photo.url)).statusCode).toBe(404);
    expect((await m.operator.delete(`/api/receive-records/${record.id}/photos/${photo.id}`)).statusCode).toBe(
      404,
    );
    expect(await auditActions(ctx, record.id)).toEqual([
      'receive_record.created',
      'receive_record.updated',
      'receive_record.updated',
    ]);
    const lines = await activity(m.admin, record.number);
    expect(lines).toContain(`Added a photo to receive record ${record.number}`);
    expect(lines).toContain(`Removed a photo (load.png) from receive record ${record.number}`);
  });

  it('keeps the photos of a posted record as they are (422)', async () => {
    const record = await draft();
    const photo = (await upload(m.operator, record.id, { bytes: await swatch(4), name: 'a.png' })).json()
      .photos[0];
    expect((await m.operator.post(`/api/receive-records/${record.id}/post`)).statusCode).toBe(200);
    const add = await upload(m.operator, record.id, { bytes: await swatch(5), name: 'b.png' });
    expect(add.statusCode).toBe(422);
    expect(add.json().message).toBe(
      'Photos can only be added while the record is a draft; this record is posted.',
    );
    const remove = await m.operator.delete(`/api/receive-records/${record.id}/photos/${photo.id}`);
    expect(remove.statusCode).toBe(422);
    expect((await m.operator.get(photo.url)).statusCode).toBe(200);
  });

  it('lets auditors and the delivering supplier look but not touch; other organizations see nothing', async () => {
    const record = await draft();
    const photo = (await upload(m.operator, record.id, { bytes: await swatch(6), name: 'a.png' })).json()
      .photos[0];
    const { auditor, supplier } = m;
    const denied = await upload(auditor, record.id, { bytes: await swatch(7), name: 'b.png' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('forbidden');
    expect((await auditor.delete(`/api/receive-records/${record.id}/photos/${photo.id}`)).statusCode).toBe(
      403,
    );
    expect((await auditor.get(photo.thumbnail_url)).statusCode).toBe(200);

    expect((await supplier.get(photo.url)).statusCode).toBe(200);
    expect((await upload(supplier, record.id, { bytes: await swatch(8), name: 'c.png' })).statusCode).toBe(
      403,
    );
    const others = await draft(m.operator, org.otherSupplier);
    const theirs = (await upload(m.operator, others.id, { bytes: await swatch(9), name: 'd.png' })).json()
      .photos[0];
    expect((await supplier.get(theirs.url)).statusCode).toBe(404);

    const other = (await newOrganization(ctx.app)).admin;
    for (const res of [
      await other.get(photo.url),
      await other.get(photo.thumbnail_url),
      await upload(other, record.id, { bytes: await swatch(10), name: 'e.png' }),
      await other.delete(`/api/receive-records/${record.id}/photos/${photo.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    // A photo of one record is not reachable through another record of the same organization.
    expect((await m.operator.get(`/api/receive-records/${others.id}/photos/${photo.id}`)).statusCode).toBe(
      404,
    );
  });

  it('needs the CSRF token to upload or remove (403 csrf_invalid)', async () => {
    const record = await draft();
    const res = await m.operator.request(
      'POST',
      `/api/receive-records/${record.id}/photos`,
      form({ bytes: await swatch(12), name: 'a.png' }),
      {
        'x-csrf-token': '',
      },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_invalid');
    const del = await m.operator.request(
      'DELETE',
      `/api/receive-records/${record.id}/photos/${record.id}`,
      undefined,
      {
        'x-csrf-token': '',
      },
    );
    expect(del.json().code).toBe('csrf_invalid');
  });
});
