import { registerAdmin } from './api.ts';

// The traceability flows' common ground, set up through the API: a new organization's pellet lot made of
// two deliveries (600 kg and 400 kg of PET bottles) washed into 900 kg of flake and extruded into 880 kg
// of pellets — so 60 % and 40 % of it, 528 kg and 352 kg, come from the two suppliers.

type Supplier = { code: string; name: string; type: string; province?: string };

export async function pelletLotOfTwoDeliveries(organization: string, suppliers: [Supplier, Supplier]) {
  const { api, email } = await registerAdmin(organization);
  const must = async <T = { id: string }>(path: string, body: unknown) => {
    const res = await api.call<T>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const material = (code: string, name: string, form: string) =>
    must('/materials', { code, name, polymer: 'PET', form });
  const bottles = await material('PET-BTL', 'PET bottles', 'bottles');
  const flake = await material('PET-FLK', 'PET flake', 'flake');
  const pellet = await material('PET-PLT', 'PET pellet', 'pellet');
  const plant = await must('/facilities', {
    code: 'PLT1',
    name: 'Valenzuela Plant',
    type: 'recycling_plant',
    city: 'Valenzuela',
  });
  const [first, second] = [await must('/suppliers', suppliers[0]), await must('/suppliers', suppliers[1])];
  type Made = { lines?: { lot: { id: string } }[]; outputs?: { lot: { id: string; code: string } }[] };
  const deliver = async (supplierId: string, kg: string) =>
    (
      await must<Made>('/receive-records?post=true', {
        supplier_id: supplierId,
        facility_id: plant.id,
        received_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
        lines: [{ material_id: bottles.id, gross_kg: kg, tare_kg: '0', unit_price: '16' }],
      })
    ).lines?.[0]?.lot.id ?? '';
  const run = async (process: string, inputs: { lot_id: string; kg: string }[], to: string, kg: string) =>
    (
      await must<Made>('/production-records?post=true', {
        facility_id: plant.id,
        process_code: process,
        started_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
        ended_at: new Date(Date.now() - 3600_000).toISOString(),
        entered_kwh: process === 'washing' ? '120' : '300',
        inputs,
        outputs: [{ material_id: to, kg }],
        losses: [
          {
            kind: 'moisture',
            fate: 'landfill',
            kg: String(inputs.reduce((s, i) => s + Number(i.kg), 0) - Number(kg)),
          },
        ],
      })
    ).outputs?.[0]?.lot;
  const a = await deliver(first.id, '600');
  const c = await deliver(second.id, '400');
  const washed = await run(
    'washing',
    [
      { lot_id: a, kg: '600' },
      { lot_id: c, kg: '400' },
    ],
    flake.id,
    '900',
  );
  const pellets = await run('extrusion', [{ lot_id: washed?.id ?? '', kg: '900' }], pellet.id, '880');
  return { api, email, pellets: pellets?.code ?? '' };
}
