import { PHOTO_MAX_PER_RECORD } from '@plastrace/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { type MarketOrg, marketOrganization } from '../../test/market.ts';
import { activity } from '../../test/masterdata.ts';

// A listing's photos: the owner adds and removes them; members of any organization and anonymous visitors
// see an active listing's photos without their EXIF; a closed listing's photos and another organization's
// listings stay out of reach.

const ctx = useTestApp();
let a: MarketOrg;
let b: MarketOrg;
let anon: TestClient;

beforeAll(async () => {
  a = await marketOrganization(ctx, 'photoa');
  b = await marketOrganization(ctx, 'photob');
  anon = await client(ctx.app);
});

/** A small JPEG of one colour with a camera serial and a GPS fix in its EXIF: distinct photos, cheaply. */
const photo = (n: number) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: n * 20, g: 90, b: 200 - n * 10 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PlasTrace Test Cam', Model: 'Serial 12345' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '14/1 35/1 2283/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '120/1 58/1 4500/100',
      },
    })
    .toBuffer();

const form = (bytes: Buffer[]) => {
  const f = new FormData();
  for (const [i, b] of bytes.entries())
    f.append('photos', new Blob([new Uint8Array(b)], { type: 'image/jpeg' }), `IMG_${i}.jpg`);
  return f;
};

const upload = async (c: TestClient, id: string, ...ns: number[]) =>
  c.post(`/api/market/listings/${id}/photos`, form(await Promise.all(ns.map(photo))));

async function buyListing(o: MarketOrg, title = 'Wanted: clear PET bottles') {
  const res = await o.manager.post(
    '/api/market/listings',
    {
      side: 'buy',
      kind: 'material',
      title,
      polymer: 'PET',
      form: 'bottles',
      quantity: '5000',
      facility_id: o.ids.mnl1,
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number };
}

describe('listing photos', () => {
  let id: string;

  it('are added by the owner and shown, without EXIF, to the owner, another organization and anyone', async () => {
    const l = await buyListing(a);
    id = l.id;
    const res = await upload(a.manager, id, 1, 2);
    expect(res.statusCode, res.body).toBe(201);
    const mine = res.json();
    expect(mine.version).toBe(l.version + 1);
    expect(mine.photo_file_ids).toHaveLength(2);
    const [first] = mine.photo_file_ids;
    expect(mine.photos[0]).toEqual({
      url: `/api/market/listings/${id}/photos/${first}`,
      thumbnail_url: `/api/market/listings/${id}/photos/${first}/thumbnail`,
    });
    expect(await activity(a.admin, 'Added 2 photos to listing')).toHaveLength(1);

    // The same photo again adds nothing.
    const again = await upload(a.manager, id, 1);
    expect(again.statusCode).toBe(200);
    expect(again.json().photos).toHaveLength(2);

    const theirs = (await b.operator.get(`/api/market/listings/${id}`)).json();
    expect(theirs.photo_file_ids).toEqual([]);
    expect(theirs.photos).toEqual(mine.photos);
    const image = await b.operator.get(theirs.photos[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const thumb = await b.operator.get(theirs.photos[0].thumbnail_url);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const pub = (await anon.get(`/api/public/market/listings/${id}`)).json();
    expect(pub.photos[1]).toEqual({
      url: `/api/public/market/listings/${id}/photos/${mine.photo_file_ids[1]}`,
      thumbnail_url: `/api/public/market/listings/${id}/photos/${mine.photo_file_ids[1]}/thumbnail`,
    });
    const open = await anon.get(pub.photos[0].url);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toContain('public');
    const meta = await sharp(open.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(open.rawPayload.includes(Buffer.from('Serial 12345'))).toBe(false);
    expect((await anon.get(pub.photos[0].thumbnail_url)).statusCode).toBe(200);
  });

  it('cannot be added or removed by another organization, nor read through another listing', async () => {
    const [fileId] = (await a.manager.get(`/api/market/listings/${id}`)).json().photo_file_ids;
    expect((await upload(b.manager, id, 3)).statusCode).toBe(404);
    expect((await b.manager.delete(`/api/market/listings/${id}/photos/${fileId}`)).statusCode).toBe(404);
    // B's own listing does not make A's file its photo.
    const other = await buyListing(b, 'Wanted: HDPE');
    expect((await b.operator.get(`/api/market/listings/${other.id}/photos/${fileId}`)).statusCode).toBe(404);
    expect((await anon.get(`/api/public/market/listings/${other.id}/photos/${fileId}`)).statusCode).toBe(404);
    // Staff without market.trade may look but not add.
    expect((await upload(a.operator, id, 3)).statusCode).toBe(403);
  });

  it('are removed by the owner, and refused beyond the limit', async () => {
    const mine = (await a.manager.get(`/api/market/listings/${id}`)).json();
    const [gone, kept] = mine.photo_file_ids;
    const res = await a.manager.delete(`/api/market/listings/${id}/photos/${gone}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photo_file_ids).toEqual([kept]);
    expect(res.json().version).toBe(mine.version + 1);
    expect((await b.operator.get(mine.photos[0].url)).statusCode).toBe(404);
    expect((await a.manager.delete(`/api/market/listings/${id}/photos/${gone}`)).statusCode).toBe(404);

    const full = await upload(
      a.manager,
      id,
      ...Array.from({ length: PHOTO_MAX_PER_RECORD }, (_, i) => i + 3),
    );
    expect(full.statusCode).toBe(422);
    expect(full.json().details.fields['body.photos']).toBeDefined();
    expect((await a.manager.get(`/api/market/listings/${id}`)).json().photo_file_ids).toHaveLength(1);
  });

  it('of a closed listing are the owner’s only, and no more can be added', async () => {
    const l = (await a.manager.get(`/api/market/listings/${id}`)).json();
    const closed = await a.manager.post(`/api/market/listings/${id}/close`, { version: l.version });
    expect(closed.statusCode, closed.body).toBe(200);
    const [url] = l.photos.map((p: { url: string }) => p.url);
    expect((await a.operator.get(url)).statusCode).toBe(200);
    expect((await b.operator.get(url)).statusCode).toBe(404);
    expect((await anon.get(url.replace('/api/market/', '/api/public/market/'))).statusCode).toBe(404);
    const late = await upload(a.manager, id, 9);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toContain('closed');
  });
});
