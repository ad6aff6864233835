import { randomBytes } from 'node:crypto';
import { LOGO_MAX_BYTES } from '@plastrace/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, seededOrganization } from '../../test/masterdata.ts';

// The organization's logo, printed on its certificates: PNG or JPEG up to 1 MB, re-encoded at most
// 600 px on a side; administrators set and remove it, staff read it.

const ctx = useTestApp();
let o: Awaited<ReturnType<typeof seededOrganization>>;

beforeAll(async () => {
  o = await seededOrganization(ctx, 'logo');
});

const put = (c: TestClient, bytes: Buffer, type = 'image/png', name = 'logo.png') => {
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(bytes)], { type }), name);
  return c.request('PUT', '/api/organization/logo', form);
};

const image = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#1b5e20' } })
    .toFormat(format)
    .toBuffer();

describe('organization logo', () => {
  it('stores a PNG at most 600 px on a side, serves it to staff and replaces it', async () => {
    expect((await o.auditor.get('/api/organization/logo')).statusCode).toBe(204);
    const res = await put(o.admin, await image(1200, 400));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mime: 'image/png', width: 600, height: 200 });

    const got = await o.operator.get('/api/organization/logo');
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'png', width: 600, height: 200 });
    const etag = String(got.headers.etag);
    expect((await o.operator.get('/api/organization/logo', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await o.supplier.get('/api/organization/logo')).statusCode).toBe(403);

    // A JPEG replaces it; the old file goes with it.
    const before = await ctx.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.originalName, 'logo'));
    const jpeg = await put(o.admin, await image(300, 300, 'jpeg'), 'image/jpeg', 'logo.jpg');
    expect(jpeg.json()).toMatchObject({ mime: 'image/jpeg', width: 300, height: 300 });
    const after = await ctx.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.originalName, 'logo'));
    expect(after.length).toBe(before.length);
    expect((await o.auditor.get('/api/organization/logo')).headers['content-type']).toBe('image/jpeg');
    expect((await activity(o.admin, 'logo'))[0]).toBe('Changed the organization’s logo');
  });

  it('refuses other types, files over 1 MB, uploads without a file and roles other than admin', async () => {
    const text = await put(
      o.admin,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    expect(text.statusCode).toBe(415);
    const webp = await put(
      o.admin,
      await sharp(await image(10, 10))
        .webp()
        .toBuffer(),
      'image/webp',
    );
    expect(webp.statusCode).toBe(415);
    // Noise compresses badly: a 700 × 700 PNG of it weighs over 1 MB.
    const noise = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(LOGO_MAX_BYTES);
    expect((await put(o.admin, noise)).statusCode).toBe(413);
    const empty = await o.admin.request('PUT', '/api/organization/logo', new FormData());
    expect(empty.statusCode).toBe(400);
    expect((await put(o.manager, await image(10, 10))).statusCode).toBe(403);
  });

  it('is removed by an administrator', async () => {
    expect((await put(o.admin, await image(50, 50))).statusCode).toBe(200);
    expect((await o.manager.delete('/api/organization/logo')).statusCode).toBe(403);
    expect((await o.admin.delete('/api/organization/logo')).statusCode).toBe(204);
    expect((await o.auditor.get('/api/organization/logo')).statusCode).toBe(204);
    expect((await o.admin.delete('/api/organization/logo')).statusCode).toBe(404);
  });
});
