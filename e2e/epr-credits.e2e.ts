import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInFresh } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';

// EPR credits: a posted delivery's credits through the API (set up there), then the system catalog's
// calculator in the browser — whole tonnes credited, the rest carried, landfill earning nothing.

const b = useBrowser();

type Credits = { credits: number; remaining_kg: string; kg: string; source: string };

async function organizationWithADelivery() {
  const { api, email } = await registerAdmin('EPR Flow Recyclers');
  const must = async <T = { id: string }>(path: string, body: unknown) => {
    const res = await api.call<T>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const bottles = await must('/materials', {
    code: 'PET-BTL',
    name: 'PET bottles',
    polymer: 'PET',
    form: 'bottles',
    type_code: 'PET_BOTTLES_CLEAR',
  });
  const plant = await must('/facilities', { code: 'EPR1', name: 'Pasig MRF', type: 'mrf', city: 'Pasig' });
  const supplier = await must('/suppliers', { code: 'SUP-1', name: 'Pasig Junkshop', type: 'junkshop' });
  const delivery = await must('/receive-records?post=true', {
    supplier_id: supplier.id,
    facility_id: plant.id,
    received_at: new Date(Date.now() - 3600_000).toISOString(),
    lines: [{ material_id: bottles.id, gross_kg: '1275', tare_kg: '25', unit_price: '16' }],
  });
  return { api, email, delivery };
}

describe('EPR credits', () => {
  it('credits a delivery’s whole tonnes and calculates by end fate in the system catalog', async () => {
    const { api, email, delivery } = await organizationWithADelivery();
    const year = new Date().getFullYear();
    const fromRecord = await api.call<Credits>('POST', '/calculations/epr-credits', {
      record_ids: [delivery.id],
      end_fate: 'recycling',
      year,
    });
    expect(fromRecord.status).toBe(200);
    // 1,275 kg gross less 25 kg tare: one credit, 250 kg carried.
    expect(fromRecord.body).toMatchObject({
      source: 'records',
      kg: '1250.000',
      credits: 1,
      remaining_kg: '250.000',
    });

    await signInFresh(b.page, email, PASSWORD);

    await b.page.goto('/system-catalog?tab=epr-credits');
    const form = b.page.getByRole('form', { name: 'EPR credits calculator' });
    await form
      .getByLabel('Material type')
      .selectOption({ label: 'PET clear bottles (PET_BOTTLES_CLEAR)' }, { timeout: 30_000 });
    await form.getByLabel('Mass (kg)').fill('2750.5');
    await form.getByLabel('End fate').selectOption({ label: 'Recycling' });
    await form.getByLabel('Year').fill(String(year));
    await form.getByRole('button', { name: 'Calculate' }).click();
    const result = b.page.getByLabel('EPR credits result');
    await result.getByText('2 (1 credit = 1 tonne)').waitFor({ timeout: 30_000 });
    await result.getByText('750.5 kg towards the next credit').waitFor();
    await b.page.getByRole('table', { name: 'Basis of each figure' }).getByText('Recovery target').waitFor();

    await form.getByLabel('End fate').selectOption({ label: 'Landfill' });
    await form.getByRole('button', { name: 'Calculate' }).click();
    await result.getByText('Earns no credits').waitFor({ timeout: 30_000 });
    await result
      .getByText(/Landfill is not recovery under RA 11898/)
      .first()
      .waitFor();
  });
});
