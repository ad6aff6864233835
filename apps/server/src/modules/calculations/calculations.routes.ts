import {
  energyInputSchema,
  energyResultSchema,
  eprCountrySchema,
  eprCreditsInputSchema,
  eprCreditsResultSchema,
  materialTypeSchema,
  materialTypesQuerySchema,
  page,
  processTypeSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './calculations.service.ts';

// Reference data is public: the calculators and the public verification page read it signed out.
export const calculationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/material-types',
    {
      schema: {
        'x-permission': 'public',
        tags: ['calculations'],
        summary: 'Material types with resin codes and emission factors (with sources)',
        querystring: materialTypesQuerySchema,
        response: { 200: page(materialTypeSchema) },
      },
    },
    async (req) => service.materialTypesPage(db, req.query),
  );

  app.get(
    '/process-types',
    {
      schema: {
        'x-permission': 'public',
        tags: ['calculations'],
        summary: 'Recycling process steps with indicative energy use (kWh per tonne, with sources)',
        response: { 200: z.object({ items: z.array(processTypeSchema) }) },
      },
    },
    async () => service.processTypes(db),
  );

  app.get(
    '/epr-countries',
    {
      schema: {
        'x-permission': 'public',
        tags: ['calculations'],
        summary: 'EPR regimes by country with yearly recovery targets (the Philippines: RA 11898)',
        response: { 200: z.object({ items: z.array(eprCountrySchema) }) },
      },
    },
    async () => service.eprCountries(db),
  );

  app.post(
    '/energy-consumption',
    {
      schema: {
        'x-permission': 'public',
        tags: ['calculations'],
        summary:
          'Energy of a mass through a process step: kWh, kWh/t, cost at a tariff, kg CO2e, each with its basis',
        description:
          'In order: metered kWh; your own kWh per tonne; the step’s reference kWh per tonne (with its source); rated power × hours × load factor. Sorting and washing have no authoritative figure: without a meter, an own figure or a rated power, kwh is null and `source` says what to provide. Production posting uses the same rule.',
        body: energyInputSchema,
        response: { 200: energyResultSchema },
      },
    },
    async (req) => service.energy(db, req.body),
  );

  await app.register(memberRoutes, { db });
};

// Credits read the organization's records and lots: members only, in a scope of their own.
const memberRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', authenticate(db));
  app.post(
    '/epr-credits',
    {
      schema: {
        'x-permission': 'epr.calculate',
        tags: ['calculations'],
        summary:
          'EPR credits of a mass by its end fate: eligible kg, whole credits (1 t each) and the kg carried, the RA 11898 target that year, CO2e, each with its basis',
        description:
          'One source: `material_type` and `kg`; `record_ids` (posted receive records: their net kg; posted production runs: their output kg); or `lot_ids` (the kg each lot was made with). Landfill is not recovery under RA 11898 and earns nothing; co-processing counts but is labelled. Unknown ids, or another organization’s, are 404; drafts, voided records and voided lots 422.',
        body: eprCreditsInputSchema,
        response: { 200: eprCreditsResultSchema },
      },
    },
    async (req) => service.eprCredits(db, callerOf(req), req.body),
  );
};
