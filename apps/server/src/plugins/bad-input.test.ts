import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { client } from '../test/http.ts';
import { seededOrganization } from '../test/masterdata.ts';

// Input the wire format allows but PostgreSQL cannot take is a 400 naming the field, never a 500:
// the examples the hardening review reproduced against every kind of field.

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let ids: { facility: string; supplier: string; material: string; receive: string; member: string };

/** The field errors of a 400; fails the test with the body for any other answer. */
function fieldsOf(res: { statusCode: number; body: string; json: () => unknown }): string[] {
  expect(res.statusCode, res.body).toBe(400);
  return Object.keys((res.json() as { details?: { fields?: object } }).details?.fields ?? {});
}

beforeAll(async () => {
  org = await seededOrganization(ctx, 'badinput');
  const first = async (url: string) => (await org.admin.get(url)).json().items[0].id as string;
  const facility = await first('/api/facilities');
  const supplier = await first('/api/suppliers');
  const material = await first('/api/materials');
  const draft = await org.admin.post('/api/receive-records', {
    supplier_id: supplier,
    facility_id: facility,
    received_at: '2026-11-01T08:00:00+08:00',
    lines: [{ material_id: material, gross_kg: 5, unit_price: 1 }],
  });
  ids = { facility, supplier, material, receive: draft.json().id, member: await first('/api/members') };
});

describe('bad input', () => {
  it('refuses a NUL character in any text, signed in or not', async () => {
    expect(fieldsOf(await org.admin.get('/api/suppliers?q=a%00b'))).toEqual(['querystring.q']);
    expect(fieldsOf(await org.admin.get('/api/suppliers/a%00b'))).toEqual(['params.id']);
    // A read that takes no input ignores a query string (and is not checked): /api/health answers.
    expect((await org.admin.get('/api/health?probe=a%00b')).statusCode).toBe(200);
    const anon = await client(ctx.app);
    const signup = await anon.post('/api/auth/signup', {
      email: 'nul@example.ph',
      password: 'Bote-at-plastik-42',
      first_name: 'A\u0000',
      last_name: 'B',
      company_name: 'C',
    });
    expect(fieldsOf(signup)).toEqual(['body.first_name']);
    const contact = await anon.post('/api/contact', {
      name: 'Juan',
      email: 'juan@example.ph',
      topic: 'support',
      message: 'Hello there \u0000 team',
    });
    expect(fieldsOf(contact)).toEqual(['body.message']);
    // Where no schema knows the field (free-form metadata), the guard before validation does.
    const metadata = await org.admin.post('/api/dashboard/user-transactions', {
      user_id: (await org.admin.get('/api/dashboard/users/me')).json().id,
      transaction_type: 'LOGIN',
      description: 'Signed in',
      metadata: { note: { deep: 'x\u0000y' } },
    });
    expect(fieldsOf(metadata)).toEqual(['body.metadata.note.deep']);
  });

  it('refuses days and times outside the years PostgreSQL and PlasTrace keep', async () => {
    expect(fieldsOf(await org.admin.get('/api/inventory?as_of=0000-01-01'))).toEqual(['querystring.as_of']);
    expect(fieldsOf(await org.admin.get('/api/supplier-ledger?as_of=2026-02-30'))).toEqual([
      'querystring.as_of',
    ]);
    const payment = await org.admin.post('/api/supplier-ledger/payments', {
      supplier_id: ids.supplier,
      amount: 1,
      method: 'cash',
      paid_at: '0000-01-01T00:00:00Z',
    });
    expect(fieldsOf(payment)).toEqual(['body.paid_at']);
    const price = await org.admin.post('/api/prices', {
      material_id: ids.material,
      region: 'NCR',
      price_per_kg: 10,
      effective_from: '0000-01-01',
    });
    expect(fieldsOf(price)).toEqual(['body.effective_from']);
    const receive = await org.admin.post('/api/receive-records', {
      supplier_id: ids.supplier,
      facility_id: ids.facility,
      received_at: '0000-12-31T23:00:00-01:00',
      lines: [{ material_id: ids.material, gross_kg: 1, unit_price: 1 }],
    });
    expect(fieldsOf(receive)).toEqual(['body.received_at']);
  });

  it('refuses cursors that decode to the wrong types, on every list', async () => {
    const wrong = Buffer.from(JSON.stringify(['x', 'x'])).toString('base64url'); // WyJ4IiwieCJd
    const wrongSort = Buffer.from(JSON.stringify(['name', 'x', 'not-a-uuid'])).toString('base64url');
    const wrongValue = Buffer.from(
      JSON.stringify(['-created_at', 'yesterday', '00000000-0000-4000-8000-000000000000']),
    ).toString('base64url');
    for (const url of [
      `/api/calculations/material-types?cursor=${wrong}`,
      `/api/members?cursor=${wrong}`,
      `/api/notifications?cursor=${wrong}`,
      `/api/receive-records?cursor=${wrong}`,
      `/api/invitations?cursor=${wrong}`,
      `/api/dashboard/user-transactions?cursor=${wrong}`,
      `/api/inventory?cursor=${Buffer.from('[1,2,3]').toString('base64url')}`,
      `/api/lots?cursor=${wrong}`,
      `/api/lots?cursor=${wrongValue}`,
      `/api/suppliers?cursor=${wrongSort}`,
      `/api/prices?cursor=${wrongValue}`,
      `/api/supplier-ledger/${ids.supplier}?cursor=${wrongValue}`,
      '/api/suppliers?cursor=not%20base64!',
    ])
      expect(fieldsOf(await org.admin.get(url)), url).toEqual(['querystring.cursor']);
  });

  it('refuses integers beyond 32 bits on every versioned update', async () => {
    const version = 2_147_483_648;
    const receive = (await org.admin.get(`/api/receive-records/${ids.receive}`)).json();
    const updates = [
      org.admin.patch(`/api/facilities/${ids.facility}`, { name: 'X', version }),
      org.admin.patch(`/api/suppliers/${ids.supplier}`, { name: 'X', version }),
      org.admin.patch(`/api/materials/${ids.material}`, { name: 'X', version }),
      org.admin.patch(`/api/members/${ids.member}`, { role: 'manager', version }),
      org.admin.patch('/api/organization', {
        name: 'X',
        default_currency: 'PHP',
        time_zone: 'Asia/Manila',
        epr_license: null,
        version,
      }),
      org.admin.request('PUT', `/api/receive-records/${ids.receive}`, {
        supplier_id: receive.supplier.id,
        facility_id: receive.facility.id,
        received_at: receive.received_at,
        lines: [{ material_id: ids.material, gross_kg: 1, unit_price: 1 }],
        version,
      }),
    ];
    for (const res of await Promise.all(updates)) expect(fieldsOf(res)).toEqual(['body.version']);
  });

  it('refuses numbers beyond a column’s precision as field errors', async () => {
    const res = await org.admin.post('/api/receive-records', {
      supplier_id: ids.supplier,
      facility_id: ids.facility,
      received_at: '2026-11-01T08:00:00+08:00',
      lines: [{ material_id: ids.material, gross_kg: 1e15, unit_price: '1.001' }],
    });
    expect(fieldsOf(res).sort()).toEqual(['body.lines.0.gross_kg', 'body.lines.0.unit_price']);
    const line = await org.admin.post('/api/production-lines', {
      code: 'BIG',
      name: 'Big',
      facility_id: ids.facility,
      capacity_kg_per_h: '1e15',
    });
    expect(fieldsOf(line)).toEqual(['body.capacity_kg_per_h']);
  });
});
