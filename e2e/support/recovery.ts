import { registerAdmin } from './api.ts';

// The EPR flow's common ground, set up through the API: a recycler's month of deliveries of PET bottles
// (20 × 3,000 kg from four collectors) washed into flake and extruded into pellets — 57,000 kg of flake
// made from them, so 57 whole tonnes of verified recycling: 57 credits to issue.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export async function recyclerWithAMonthOfRecovery(organization: string) {
  const { api, email } = await registerAdmin(organization);
  const must = async <T = { id: string }>(path: string, body: unknown) => {
    const res = await api.call<T>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const material = (code: string, name: string, form: string, typeCode: string) =>
    must('/materials', { code, name, polymer: 'PET', form, type_code: typeCode });
  const bottles = await material('PET-BTL', 'PET bottles', 'bottles', 'PET_BOTTLES_CLEAR');
  const flake = await material('PET-FLK', 'PET flake', 'flake', 'PET_FLAKE');
  const pellet = await material('PET-PLT', 'PET pellet', 'pellet', 'PET_PELLET');
  const plant = await must('/facilities', {
    code: 'VAL1',
    name: 'Valenzuela Plant',
    type: 'recycling_plant',
    city: 'Valenzuela',
  });
  const collectors = [];
  for (const [i, type] of ['waste_picker', 'junkshop', 'cooperative', 'waste_picker'].entries())
    collectors.push(
      await must('/suppliers', {
        code: `COL-${i + 1}`,
        name: `Collector ${i + 1}`,
        type,
        province: 'Bulacan',
      }),
    );

  type Made = { lines?: { lot: { id: string } }[]; outputs?: { lot: { id: string; code: string } }[] };
  const now = Date.now();
  const lots: string[] = [];
  for (let i = 0; i < 20; i++) {
    const made = await must<Made>('/receive-records?post=true', {
      supplier_id: collectors[i % 4]?.id,
      facility_id: plant.id,
      received_at: new Date(now - (28 - i) * DAY).toISOString(),
      weighbridge_ticket: `WB-${1000 + i}`,
      lines: [{ material_id: bottles.id, gross_kg: '3000', tare_kg: '0', unit_price: '18' }],
    });
    lots.push(made.lines?.[0]?.lot.id ?? '');
  }
  // Four washing runs of five deliveries each (15,000 kg → 14,250 kg of flake, 750 kg of labels and
  // dirt to landfill), then the flake extruded into pellets.
  const flakes: { lot_id: string; kg: string }[] = [];
  for (let r = 0; r < 4; r++) {
    const washed = await must<Made>('/production-records?post=true', {
      facility_id: plant.id,
      process_code: 'washing',
      started_at: new Date(now - (5 - r) * DAY).toISOString(),
      ended_at: new Date(now - (5 - r) * DAY + 8 * HOUR).toISOString(),
      energy_kwh: '1500',
      inputs: lots.slice(r * 5, r * 5 + 5).map((id) => ({ lot_id: id, kg: '3000' })),
      outputs: [{ material_id: flake.id, kg: '14250' }],
      losses: [{ kind: 'contamination', fate: 'landfill', kg: '750' }],
    });
    flakes.push({ lot_id: washed.outputs?.[0]?.lot.id ?? '', kg: '14250' });
  }
  await must('/production-records?post=true', {
    facility_id: plant.id,
    process_code: 'extrusion',
    started_at: new Date(now - 6 * HOUR).toISOString(),
    ended_at: new Date(now - 2 * HOUR).toISOString(),
    energy_kwh: '20000',
    inputs: flakes,
    outputs: [{ material_id: pellet.id, kg: '56430' }],
    losses: [{ kind: 'fines', fate: 'landfill', kg: '570' }],
  });
  return { api, email, plant };
}
