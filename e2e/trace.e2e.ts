import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from './support/api.ts';
import { signInFresh } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { pelletLotOfTwoDeliveries } from './support/pellets.ts';

// Traceability as a buyer's question: a pellet lot made of two deliveries, washed and extruded — which
// suppliers is it from, and how many kg of it each? Set up through the API (other flows post in the
// browser), traced in the browser.

const b = useBrowser();
const root = fileURLToPath(new URL('..', import.meta.url));
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** GS1's official EPCIS 2.0 schema, as the server ships it, compiled here: the test's own check. */
function epcisSchemaCheck() {
  const schema = JSON.parse(
    readFileSync(join(root, 'apps/server/src/modules/epcis/EPCIS-JSON-Schema.json'), 'utf8'),
  );
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

const setup = () =>
  pelletLotOfTwoDeliveries('Trace Flow Recyclers', [
    { code: 'SUP-1', name: 'Malabon Junkshop', type: 'junkshop' },
    { code: 'SUP-2', name: 'Tondo Pickers Cooperative', type: 'cooperative' },
  ]);

describe('traceability in the browser', () => {
  it('shows a pellet lot’s two suppliers with their exact kg shares', async () => {
    const m = await setup();
    expect(m.pellets).toMatch(/^PLT1-\d{6}-\d{4}$/);
    await signInFresh(b.page, m.email, PASSWORD);

    await b.page.goto('/traceability');
    await b.page.getByLabel('Lot code or record id').fill(m.pellets.toLowerCase());
    await b.page.getByRole('button', { name: 'Trace' }).click();
    // 880 kg of pellets: 60 % from the 600 kg delivery, 40 % from the 400 kg one.
    const came = b.page.getByRole('region', { name: 'Where it came from' });
    await came.getByText('Malabon Junkshop').first().waitFor({ timeout: 30_000 });
    await came.getByText('528 kg').first().waitFor();
    await came.getByText('352 kg').first().waitFor();
    await came.getByText('60.00 %').first().waitFor();
    await came.getByText('Tondo Pickers Cooperative').first().waitFor();
    expect(new URL(b.page.url()).searchParams.get('q')?.toUpperCase()).toBe(m.pellets);

    // The chain of custody in GS1 EPCIS 2.0: downloaded, said valid by the page, and valid here too.
    const dir = await mkdtemp(join(tmpdir(), 'plastrace-epcis-'));
    try {
      const [download] = await Promise.all([
        b.page.waitForEvent('download'),
        b.page.getByRole('button', { name: 'Export EPCIS' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^epcis-.*\.jsonld$/);
      const file = join(dir, download.suggestedFilename());
      await download.saveAs(file);
      await b.page.getByText(/events: valid against the GS1 EPCIS 2\.0 schema/).waitFor({ timeout: 30_000 });
      const document = JSON.parse(readFileSync(file, 'utf8'));
      const validate = epcisSchemaCheck();
      expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
      const events = document.epcisBody.eventList as { type: string; bizStep?: string; eventID: string }[];
      // Two deliveries received, a wash and an extrusion.
      expect(events.filter((e) => e.bizStep === 'receiving')).toHaveLength(2);
      expect(events.filter((e) => e.type === 'TransformationEvent')).toHaveLength(2);
      for (const e of events) expect(e.eventID).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(b.errors).toEqual([]);
  });
});
