import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { epcisCapturedEvents, facilities, materials } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { eventHash } from './event-hash.ts';
import { checkDocument } from './schema.ts';

// The EPCIS export of every kind of event (checked with GS1's schema), its filters and pages, and the
// capture of partners' documents: all or nothing, once per event, linked to our lots.

const ctx = useTestApp();
let admin: TestClient;
let operator: TestClient;
let auditor: TestClient;
let other: TestClient;
let slug = '';
const ids = { facility: '', pet: '', flake: '', s1: '', customer: '' };
type Ev = Record<string, unknown> & { type: string; bizStep?: string; eventID: string };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'epcis');
  ({ admin, operator, auditor } = o);
  other = (await seededOrganization(ctx, 'epcis-other')).admin;
  const db = ctx.database.db;
  const org = o.organizationId;
  ids.facility =
    (await db.select().from(facilities).where(eq(facilities.organizationId, org))).find(
      (f) => f.code === 'MNL1',
    )?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.flake = mats.find((m) => m.code === 'PET_FLAKE')?.id ?? '';
  ids.s1 = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
  ids.customer = (
    await admin.post('/api/customers', { code: 'EPC-C', name: 'Flake Buyer', type: 'manufacturer' })
  ).json().id;
  slug =
    (
      await ctx.database.db.execute<{ slug: string }>(
        `SELECT slug FROM organizations WHERE id = '${org}'` as never,
      )
    ).rows[0]?.slug ?? '';
});

async function receive(kg: string, at = '2026-11-20T08:00:00+08:00') {
  const res = await operator.post('/api/receive-records?post=true', {
    supplier_id: ids.s1,
    facility_id: ids.facility,
    received_at: at,
    lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: '0', unit_price: '20.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; number: string; lines: { lot: { id: string; code: string } }[] };
}

async function signature() {
  const png = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#000' } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

async function exportAll(client: TestClient, query = '') {
  const res = await client.get(`/api/epcis/events?perPage=500${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, doc: res.json(), events: res.json().epcisBody.eventList as Ev[] };
}

describe('EPCIS export', () => {
  const built = {} as Record<string, { id: string; code?: string; number?: string }>;
  beforeAll(async () => {
    const a = await receive('600');
    const b = await receive('400');
    const voided = await receive('50');
    expect(
      (await admin.post(`/api/receive-records/${voided.id}/void`, { reason: 'Wrong supplier' })).statusCode,
    ).toBe(200);
    const split = await operator.post(`/api/lots/${a.lines[0]?.lot.id}/split`, { parts_kg: ['100'] });
    expect(split.statusCode, split.body).toBe(200);
    const merged = await operator.post('/api/lots/merge', {
      lot_ids: [split.json().lots[0].id, b.lines[0]?.lot.id],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const run = await operator.post('/api/production-records?post=true', {
      facility_id: ids.facility,
      process_code: 'washing',
      started_at: '2026-11-21T06:00:00+08:00',
      ended_at: '2026-11-21T14:00:00+08:00',
      inputs: [
        { lot_id: a.lines[0]?.lot.id, kg: '500' },
        { lot_id: merged.json().id, kg: '500' },
      ],
      outputs: [{ material_id: ids.flake, kg: '900.5' }],
      losses: [{ kind: 'moisture', fate: 'landfill', kg: '99.5' }],
    });
    expect(run.statusCode, run.body).toBe(201);
    const flake = run.json().outputs[0].lot as { id: string; code: string };
    const shipped = await operator.post('/api/dispatch-records?post=true', {
      customer_id: ids.customer,
      facility_id: ids.facility,
      dispatched_at: '2026-11-22T09:00:00+08:00',
      lines: [{ lot_id: flake.id, kg: '500', unit_price: '60.00' }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const form = new FormData();
    form.append('delivered_at', '2026-11-22T15:00:00+08:00');
    form.append('received_kg', '499.5');
    form.append('receiver_name', 'M. Reyes');
    form.append('signature', await signature(), 'sig.png');
    const pod = await operator.post(`/api/dispatch-records/${shipped.json().id}/delivery`, form);
    expect(pod.statusCode, pod.body).toBe(200);
    Object.assign(built, {
      a: a.lines[0]?.lot,
      receipt: a,
      voided,
      run: run.json(),
      flake,
      dispatch: shipped.json(),
    });
  });

  it('exports every kind of event as a document GS1’s schema accepts, each id its canonical hash', async () => {
    const { res, doc, events } = await exportAll(auditor);
    expect(res.headers['content-type']).toContain('application/ld+json');
    const check = checkDocument(doc);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
    expect(doc).toMatchObject({ type: 'EPCISDocument', schemaVersion: '2.0' });
    const steps = events.map((e) => `${e.type}:${e.bizStep}`);
    expect(steps).toEqual(
      expect.arrayContaining([
        'ObjectEvent:receiving',
        'TransformationEvent:repackaging',
        'TransformationEvent:commissioning',
        'ObjectEvent:shipping',
      ]),
    );
    expect(steps.filter((s) => s === 'TransformationEvent:repackaging')).toHaveLength(2);
    // Deliveries in (3) and the customer's receipt (1).
    expect(steps.filter((s) => s === 'ObjectEvent:receiving')).toHaveLength(4);
    for (const e of events) {
      const { eventID, errorDeclaration, ...content } = e;
      void errorDeclaration;
      expect(eventID).toBe(eventHash(content));
      expect(e.eventTimeZoneOffset).toBe('+08:00');
    }
    const run = events.find((e) => e.bizStep === 'commissioning');
    expect(run?.inputQuantityList).toHaveLength(2);
    expect(run?.outputQuantityList).toEqual([
      {
        epcClass: `http://localhost:3000/o/${slug}/lot/${encodeURIComponent(built.flake?.code ?? '')}`,
        quantity: 900.5,
        uom: 'KGM',
      },
    ]);
    const declared = events.filter((e) => e.errorDeclaration);
    expect(declared).toHaveLength(1);
    expect(declared[0]?.errorDeclaration).toMatchObject({ reason: 'incorrect_data' });
    const atCustomer = events.find((e) => e.bizStep === 'receiving' && !e.bizLocation);
    expect(atCustomer).toMatchObject({
      bizStep: 'receiving',
      quantityList: [expect.objectContaining({ quantity: 499.5 })],
    });
    expect(events.find((e) => e.bizStep === 'shipping')?.bizTransactionList).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'desadv' })]),
    );
  });

  it('filters by time, step, lot and location', async () => {
    const shipping = (await exportAll(operator, '&EQ_bizStep=https://ref.gs1.org/cbv/BizStep-shipping'))
      .events;
    expect(shipping.map((e) => e.bizStep)).toEqual(['shipping']);
    const day = (
      await exportAll(
        operator,
        '&GE_eventTime=2026-11-21T00:00:00%2B08:00&LT_eventTime=2026-11-22T00:00:00%2B08:00',
      )
    ).events;
    // Splits and merges happen at the test's own time, which may fall on that day.
    expect(day.map((e) => e.bizStep).filter((s) => s !== 'repackaging')).toEqual(['commissioning']);
    const lot = (await exportAll(operator, `&lot=${built.flake?.code}`)).events;
    expect(lot.map((e) => e.bizStep)).toEqual(['commissioning', 'shipping', 'receiving']);
    const link = `https://partner.example/o/${slug}/lot/${built.flake?.code}`;
    const byClass = (await exportAll(operator, `&MATCH_anyEPCClass=${encodeURIComponent(link)}`)).events;
    expect(byClass).toHaveLength(3);
    const located = (await exportAll(operator, `&EQ_bizLocation=${ids.facility}`)).events;
    expect(located.some((e) => e.bizStep === 'receiving' && !e.bizLocation)).toBe(false);
    const traced = (await exportAll(operator, `&trace=${built.flake?.id}&direction=upstream`)).events;
    expect(traced.some((e) => e.bizStep === 'repackaging')).toBe(true);
    expect(traced.some((e) => e.bizStep === 'shipping')).toBe(true);
  });

  it('pages by (time, key) across equal times with a Link to the next page', async () => {
    // Three deliveries at the same instant: page boundaries fall among them.
    for (let i = 0; i < 3; i++) await receive('10', '2025-06-01T08:00:00+08:00');
    const all = (await exportAll(operator)).events.map((e) => e.eventID);
    const seen: string[] = [];
    let url = '/api/epcis/events?perPage=2';
    for (let i = 0; i < 50 && url; i++) {
      const res = await operator.get(url);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().epcisBody.eventList.map((e: Ev) => e.eventID));
      const link = res.headers.link as string | undefined;
      url = link ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? '') : '';
    }
    expect(seen).toEqual(all);
    const tampered = await operator.get(
      '/api/epcis/events?perPage=2&EQ_bizStep=shipping&nextPageToken=' +
        Buffer.from(JSON.stringify(['2026-11-20T00:00:00.000000Z', 'x', 'y'])).toString('base64url'),
    );
    expect(tampered.statusCode).toBe(400);
  });

  it('shows another organization none of our events', async () => {
    expect((await exportAll(other)).events).toEqual([]);
    expect((await other.get(`/api/epcis/events?trace=${built.flake?.id}`)).statusCode).toBe(404);
  });
});

describe('EPCIS capture', () => {
  let lot: { id: string; code: string };
  beforeAll(async () => {
    lot = (await receive('70')).lines[0]?.lot ?? { id: '', code: '' };
  });
  const partnerDoc = (events: Record<string, unknown>[]) => ({
    '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2026-11-25T00:00:00Z',
    epcisBody: { eventList: events },
  });
  const shipment = () => ({
    type: 'ObjectEvent',
    eventTime: '2026-11-24T10:00:00.000+08:00',
    eventTimeZoneOffset: '+08:00',
    eventID: 'urn:uuid:2f8f0d8e-6a1a-4c1e-9d1e-6c0b8f6a0001',
    action: 'OBSERVE',
    bizStep: 'receiving',
    quantityList: [
      { epcClass: `https://resolver.partner.example/o/${slug}/lot/${lot.code}`, quantity: 70, uom: 'KGM' },
    ],
  });

  it('stores a good document once, linked to our lot, and reports a second capture as duplicates', async () => {
    const unknown = {
      ...shipment(),
      eventID: undefined,
      bizStep: 'shipping',
      quantityList: [{ epcClass: 'https://id.gs1.org/01/09506000134352/10/X1', quantity: 5, uom: 'KGM' }],
    };
    const doc = partnerDoc([shipment(), JSON.parse(JSON.stringify(unknown))]);
    const first = await admin.post('/api/epcis/capture', doc, { 'content-type': 'application/ld+json' });
    expect(first.statusCode, first.body).toBe(200);
    const r = first.json();
    expect(r).toMatchObject({ captured: 2, duplicates: 0 });
    expect(r.events[0]).toMatchObject({ status: 'captured', lots: [{ id: lot.id, code: lot.code }] });
    expect(r.events[1].lots).toEqual([]);
    // Without an eventID the hash is its id.
    expect(r.events[1].event_id).toBe(r.events[1].event_hash);
    const again = await admin.post('/api/epcis/capture', doc);
    expect(again.json()).toMatchObject({ captured: 0, duplicates: 2 });
    expect(again.json().events.map((e: { status: string }) => e.status)).toEqual(['duplicate', 'duplicate']);
    const rows = await ctx.database.db.select().from(epcisCapturedEvents);
    expect(rows.filter((x) => x.eventId === shipment().eventID)).toHaveLength(1);
    const listed = await auditor.get(`/api/epcis/captured?lot_id=${lot.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toEqual([
      expect.objectContaining({ event_id: shipment().eventID, lots: [{ id: lot.id, code: lot.code }] }),
    ]);
    expect((await other.get('/api/epcis/captured')).json().items).toEqual([]);
  });

  it('refuses a document with bad events whole, naming each', async () => {
    const before = (await ctx.database.db.select().from(epcisCapturedEvents)).length;
    const good = { ...shipment(), eventID: 'urn:uuid:2f8f0d8e-6a1a-4c1e-9d1e-6c0b8f6a0002' };
    const noTime = {
      ...shipment(),
      eventID: 'urn:uuid:2f8f0d8e-6a1a-4c1e-9d1e-6c0b8f6a0003',
      eventTime: undefined,
    };
    const badStep = {
      ...shipment(),
      eventID: 'urn:uuid:2f8f0d8e-6a1a-4c1e-9d1e-6c0b8f6a0004',
      action: 'JUMP',
    };
    const res = await admin.post(
      '/api/epcis/capture',
      JSON.parse(JSON.stringify(partnerDoc([good, noTime, badStep]))),
    );
    expect(res.statusCode, res.body).toBe(422);
    const events = res.json().details.events as {
      index: number;
      event_id: string;
      path: string;
      message: string;
    }[];
    expect([...new Set(events.map((e) => e.index))]).toEqual([1, 2]);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ index: 1, event_id: noTime.eventID, message: 'must have eventTime' }),
        expect.objectContaining({ index: 2, path: '/action' }),
      ]),
    );
    expect((await ctx.database.db.select().from(epcisCapturedEvents)).length).toBe(before);
  });

  it('is for the office: an operator may export but not capture, a supplier neither', async () => {
    expect((await operator.post('/api/epcis/capture', partnerDoc([shipment()]))).statusCode).toBe(403);
    expect((await auditor.post('/api/epcis/capture', partnerDoc([shipment()]))).statusCode).toBe(403);
    const supplier = (await seededOrganization(ctx, 'epcis-supplier')).supplier;
    expect((await supplier.get('/api/epcis/events')).statusCode).toBe(403);
  });
});
