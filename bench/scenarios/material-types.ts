import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { httpScenario } from '../lib/http.ts';
import type { BenchContext } from '../lib/scenario.ts';
import { benchApp } from './app.ts';

const LIMIT = 20;
const APP_PATH = `/api/calculations/material-types?limit=${LIMIT}`;

type Page = { items: unknown[]; next_cursor: string | null };

/** 20 of the 32 reference rows through routes → service → repo (zod validation and serialization). */
export const materialTypesApp = httpScenario({
  id: 'material-types',
  name: `app GET material-types?limit=${LIMIT}`,
  baseline: 'material-types-bare-pg',
  path: APP_PATH,
  server: benchApp,
  check: (body) => {
    const page = body as Page;
    assert.equal(page.items.length, LIMIT);
    assert.equal(typeof page.next_cursor, 'string');
  },
});

// Exactly what Drizzle sends for the repo's query without filters (from `.toSQL()`).
const SQL =
  'select "code", "name", "polymer", "form", "resin_code", "description", "recycling_kg_co2e_per_t", "virgin_kg_co2e_per_t", "factor_source", "factor_verified", "sort_order", "ref_version" from "material_types" order by "material_types"."sort_order" asc, "material_types"."code" asc limit $1';

type Row = {
  code: string;
  name: string;
  polymer: string;
  form: string;
  resin_code: number | null;
  description: string;
  recycling_kg_co2e_per_t: string | null;
  virgin_kg_co2e_per_t: string | null;
  factor_source: string;
  factor_verified: boolean;
  sort_order: number;
  ref_version: string;
};

const num = (v: string | null) => (v === null ? null : Number(v));

/** The same SQL on the same pool, mapped to the same JSON by hand: no schema, no Drizzle, no plugins. */
export const materialTypesBarePg = httpScenario({
  id: 'material-types-bare-pg',
  name: `bare Fastify + pg, same SQL (${LIMIT} rows)`,
  path: `/material-types?limit=${LIMIT}`,
  server: async (ctx) => {
    const { pool } = ctx.db.database;
    const app = Fastify();
    app.get('/material-types', async (req) => {
      const limit = Number((req.query as { limit?: string }).limit ?? 50);
      const { rows } = await pool.query<Row>(SQL, [limit + 1]);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map((r) => ({
          code: r.code,
          name: r.name,
          polymer: r.polymer,
          form: r.form,
          resin_code: r.resin_code,
          description: r.description,
          recycling_kg_co2e_per_t: num(r.recycling_kg_co2e_per_t),
          virgin_kg_co2e_per_t: num(r.virgin_kg_co2e_per_t),
          factor_source: r.factor_source,
          factor_verified: r.factor_verified,
          ref_version: r.ref_version,
        })),
        next_cursor:
          rows.length > limit && last
            ? Buffer.from(JSON.stringify([last.sort_order, last.code])).toString('base64url')
            : null,
      };
    });
    return app;
  },
  // The baseline is only fair if it answers exactly what the app answers.
  check: async (body, ctx: BenchContext) => {
    const app = await benchApp(ctx);
    try {
      const res = await app.inject({ method: 'GET', url: APP_PATH });
      assert.deepEqual(body, res.json());
    } finally {
      await app.close();
    }
  },
});

export const materialTypesScenarios = [materialTypesApp, materialTypesBarePg];
