import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, seededOrganization } from '../../test/masterdata.ts';
import { SHIPPED_LIBRARY_DIR } from './library.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
const ids = { facility: '', supplier: '', pet: '', hdpe: '' };

const spectrumOf = (polymer: string) => {
  const file = readdirSync(SHIPPED_LIBRARY_DIR).find((f) => f.startsWith(`${polymer}__`));
  return readFileSync(SHIPPED_LIBRARY_DIR + (file ?? ''), 'utf8');
};
const identify = async (polymer: string) =>
  (await org.operator.post('/api/identification/spectra', { csv: spectrumOf(polymer) })).json()
    .identification as {
    id: string;
    version: number;
  };
const kgOf = async (materialId: string) =>
  (await admin.get(`/api/inventory?group=material&material_id=${materialId}`)).json().totals.qty_kg as string;

/** A delivery of one line (a draft, or posted) of `kg` at ₱`price`/kg. */
async function receive(materialId: string, kg: number, post: boolean) {
  const draft = (
    await admin.post('/api/receive-records', {
      supplier_id: ids.supplier,
      facility_id: ids.facility,
      received_at: '2026-11-20T08:00:00+08:00',
      lines: [{ material_id: materialId, gross_kg: kg, unit_price: 12 }],
    })
  ).json();
  if (!post) return draft;
  return (await admin.post(`/api/receive-records/${draft.id}/post`)).json();
}

beforeAll(async () => {
  org = await seededOrganization(ctx, 'idc');
  admin = org.admin;
  const materials = (await admin.get('/api/materials?limit=200')).json().items as {
    id: string;
    code: string;
  }[];
  ids.pet = materials.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.hdpe = materials.find((m) => m.code === 'HDPE_NATURAL')?.id ?? '';
  ids.facility = (await admin.get('/api/facilities?q=MNL1')).json().items[0].id;
  ids.supplier = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
});

describe('confirming an identification', () => {
  it('reclassifies a lot of another material through the ledger, keeping inventory per material whole', async () => {
    const posted = await receive(ids.hdpe, 500, true);
    const lot = posted.lines[0].lot;
    const [hdpeBefore, petBefore] = [await kgOf(ids.hdpe), await kgOf(ids.pet)];
    const ident = await identify('PET');

    const value = await org.operator.get(`/api/identification/value?material_id=${ids.pet}&lot_id=${lot.id}`);
    expect(value.json()).toMatchObject({ qty_kg: '500.000', currency: 'PHP' });

    const res = await org.operator.post(`/api/identification/identifications/${ident.id}/confirm`, {
      material_id: ids.pet,
      lot_id: lot.id,
      version: ident.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().confirmation;
    expect(c).toMatchObject({ material: { id: ids.pet }, lot: { id: lot.id }, receive_line: null });
    expect(c.value).toEqual(value.json());
    expect(c.reclassified_into.code).not.toBe(lot.code);

    expect(Number(await kgOf(ids.hdpe))).toBeCloseTo(Number(hdpeBefore) - 500, 3);
    expect(Number(await kgOf(ids.pet))).toBeCloseTo(Number(petBefore) + 500, 3);
    const old = (await admin.get(`/api/lots/${lot.id}`)).json();
    expect(old).toMatchObject({ status: 'consumed', qty_kg: '0.000' });
    expect(old.movements.at(-1).reason).toMatch(
      new RegExp(`^Reclassified as PET_BOTTLES_CLEAR into ${c.reclassified_into.code}`),
    );
    const child = (await admin.get(`/api/lots/${c.reclassified_into.id}`)).json();
    expect(child).toMatchObject({ qty_kg: '500.000', value_php: '6000.00', material: { id: ids.pet } });
    expect(child.origin.source_lot).toMatchObject({ id: lot.id });
    expect(await activity(admin, lot.code)).toContainEqual(expect.stringMatching(/^Reclassified lot /));

    const again = await org.operator.post(`/api/identification/identifications/${ident.id}/confirm`, {
      material_id: ids.pet,
      lot_id: lot.id,
      version: ident.version + 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This identification is already confirmed.');
  });

  it('only records the confirmation when the lot already is that material', async () => {
    const lot = (await receive(ids.pet, 200, true)).lines[0].lot;
    const before = await kgOf(ids.pet);
    const ident = await identify('PET');
    const res = await admin.post(`/api/identification/identifications/${ident.id}/confirm`, {
      material_id: ids.pet,
      lot_id: lot.id,
      version: ident.version,
    });
    expect(res.json().confirmation).toMatchObject({ lot: { id: lot.id }, reclassified_into: null });
    expect(await kgOf(ids.pet)).toBe(before);
    expect((await admin.get(`/api/lots/${lot.id}`)).json().status).toBe('available');
  });

  it('sets the material of a draft receive line, keeping the line; a posted record refuses', async () => {
    const draft = await receive(ids.hdpe, 80, false);
    const line = draft.lines[0];
    const ident = await identify('PET');
    const res = await org.operator.post(`/api/identification/identifications/${ident.id}/confirm`, {
      material_id: ids.pet,
      receive_line_id: line.id,
      version: ident.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().confirmation.receive_line).toEqual({
      id: line.id,
      record_id: draft.id,
      record_number: draft.number,
      line_no: 1,
    });
    const after = (await admin.get(`/api/receive-records/${draft.id}`)).json();
    expect(after.lines[0]).toMatchObject({ id: line.id, material: { id: ids.pet }, gross_kg: '80.000' });
    expect(after.version).toBe(draft.version + 1);
    // Editing the draft rewrites its lines: the identification keeps its material and loses only the line link.
    const edit = await admin.request('PUT', `/api/receive-records/${draft.id}`, {
      supplier_id: ids.supplier,
      facility_id: ids.facility,
      received_at: '2026-11-20T08:00:00+08:00',
      lines: [{ material_id: ids.pet, gross_kg: 81, unit_price: 12 }],
      version: after.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const kept = (await admin.get(`/api/identification/identifications/${ident.id}`)).json();
    expect(kept.confirmation).toMatchObject({ material: { id: ids.pet }, receive_line: null });

    const posted = await receive(ids.hdpe, 50, true);
    const late = await identify('PET');
    const refused = await admin.post(`/api/identification/identifications/${late.id}/confirm`, {
      material_id: ids.pet,
      receive_line_id: posted.lines[0].id,
      version: late.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `Receive record ${posted.number} is posted: only a draft’s lines can change material.`,
    );
    expect(
      (await admin.get(`/api/identification/identifications/${late.id}`)).json().confirmation,
    ).toBeNull();
  });

  it('keeps other organizations out and checks what it is given', async () => {
    const lot = (await receive(ids.hdpe, 10, true)).lines[0].lot;
    const other = (await newOrganization(ctx.app)).admin;
    const theirs = (await other.post('/api/identification/spectra', { csv: spectrumOf('PET') })).json()
      .identification;
    const mine = await identify('PET');
    const onForeignLot = await other.post(`/api/identification/identifications/${theirs.id}/confirm`, {
      material_id: ids.pet,
      lot_id: lot.id,
      version: theirs.version,
    });
    // Their own identification, my material and lot: the material is not theirs.
    expect(onForeignLot.statusCode).toBe(400);
    expect(
      (
        await other.post(`/api/identification/identifications/${mine.id}/confirm`, {
          material_id: ids.pet,
          lot_id: lot.id,
          version: mine.version,
        })
      ).statusCode,
    ).toBe(404);
    const otherLot = await admin.post(`/api/identification/identifications/${mine.id}/confirm`, {
      material_id: ids.pet,
      lot_id: '00000000-0000-7000-8000-000000000000',
      version: mine.version,
    });
    expect(otherLot.statusCode).toBe(404);
    const stale = await admin.post(`/api/identification/identifications/${mine.id}/confirm`, {
      material_id: ids.pet,
      lot_id: lot.id,
      version: mine.version + 5,
    });
    expect(stale.statusCode).toBe(409);
    const neither = await admin.post(`/api/identification/identifications/${mine.id}/confirm`, {
      material_id: ids.pet,
      version: mine.version,
    });
    expect(neither.statusCode).toBe(400);
    expect(
      (
        await org.auditor.post(`/api/identification/identifications/${mine.id}/confirm`, {
          material_id: ids.pet,
          lot_id: lot.id,
          version: mine.version,
        })
      ).statusCode,
    ).toBe(403);
  });
});
