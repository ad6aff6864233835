import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInFresh } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';

// GS1 identifiers as an administrator sets them up: the company prefix in the organization settings,
// then a material's GTIN, refused until it carries that prefix, and listed as GTIN-14.

const b = useBrowser();

describe('GS1 company prefix and material GTINs', () => {
  it('keeps the prefix in the settings and holds material GTINs to it', async () => {
    const { api, email } = await registerAdmin('GS1 Flow Recyclers');
    await signInFresh(b.page, email, PASSWORD);

    await b.page.goto('/settings/organization');
    const settings = b.page.getByRole('form', { name: 'Organization settings' });
    await settings.getByLabel('GS1 company prefix').fill('4800888');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await b.page.getByText('The organization settings have been saved.').waitFor({ timeout: 30_000 });
    expect(
      (await api.call<{ gs1_company_prefix: string | null }>('GET', '/organization')).body,
    ).toMatchObject({
      gs1_company_prefix: '4800888',
    });

    await b.page.goto('/system-catalog');
    await b.page.getByRole('button', { name: 'New material' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'New material' });
    await dialog.getByLabel('Code', { exact: false }).first().fill('RPET-FLK');
    await dialog.getByLabel('Name', { exact: false }).first().fill('rPET flake');
    await dialog.getByLabel('Polymer', { exact: false }).first().selectOption({ label: 'PET' });
    await dialog.getByLabel('Form', { exact: false }).first().selectOption({ label: 'Flake' });
    const gtin = dialog.getByLabel('GTIN', { exact: false }).first();
    // Another company's GTIN (GS1's own example): the server refuses it under the field, naming the prefix.
    await gtin.fill('9501101530003');
    await dialog.getByRole('button', { name: 'Create material' }).click();
    await dialog.getByText(/does not carry your GS1 company prefix 4800888/).waitFor({ timeout: 30_000 });
    await gtin.fill('4800888000361');
    await dialog.getByRole('button', { name: 'Create material' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = b.page.getByRole('table', { name: 'Materials' }).getByRole('row', { name: /RPET-FLK/ });
    await row.getByText('04800888000361').waitFor();
    const listed = await api.call<{ items: { code: string; gtin: string | null }[] }>('GET', '/materials');
    expect(listed.body.items.find((m) => m.code === 'RPET-FLK')?.gtin).toBe('04800888000361');
    // The refused GTIN's 422 is the browser's only expected console line.
    expect(b.errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
  });
});
