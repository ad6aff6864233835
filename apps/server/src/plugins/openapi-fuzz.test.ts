import { appendFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { newOrganization, TEST_PASSWORD } from '../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { Generator, type JsonSchema, prng, type Rng } from '../test/fuzz.ts';

// 10,000 requests generated from the OpenAPI document against the real server over HTTP: whatever a
// client sends, the answer is never a 5xx. Bounded (a fixed count, at most 4 in flight) and seeded:
// FUZZ_SEED=<n> replays a run, FUZZ_REQUESTS=<n> changes its size.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const IN_FLIGHT = 4;

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  permission: string;
};

let database: TestDatabase;
let app: App;
let base: string;

/** A signed-in browser session over real HTTP: bearer token, CSRF cookie and header. */
type Session = { token: string; cookie: string; csrf: string };

async function session(email?: string): Promise<Session> {
  const ping = await fetch(`${base}/api/ping`);
  const cookie = (ping.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = ping.headers.get('x-csrf-token') ?? '';
  if (!email) return { token: '', cookie, csrf };
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie,
      'x-csrf-token': csrf,
      'x-forwarded-for': '10.9.9.9',
    },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  const token = ((await res.json()) as { session: { access_token: string } }).session.access_token;
  return { token, cookie, csrf };
}

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: (op.parameters as Parameter[] | undefined) ?? [],
      body: (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema,
      permission: String(op['x-permission']),
    })),
  );
}

/** A path segment; a lone surrogate goes as the invalid UTF-8 bytes a broken client would send. */
function pathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** One request: parameters and body from the schemas, each value broken with probability `mutate`. */
function request(op: Operation, gen: Generator, rng: Rng, who: Session) {
  const mutate = rng.pick([0, 0.05, 0.2, 0.5]);
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {
    'x-forwarded-for': `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(0, 255)}`,
    cookie: who.cookie,
    'x-csrf-token': who.csrf,
  };
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  for (const p of op.parameters) {
    if (!p.required && rng.next() < 0.5) continue;
    const v = gen.value(p.schema, mutate);
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, pathSegment(text));
    else if (p.in === 'query') query.append(p.name, text);
    else if (p.in === 'header') headers[p.name] = text.replace(/[^\x20-\x7e]/g, '');
  }
  let body: string | undefined;
  if (op.method !== 'GET' && op.method !== 'DELETE') {
    const roll = rng.next();
    if (roll < 0.05) body = '{"unterminated": ';
    else if (roll < 0.1) body = JSON.stringify(gen.value({}, 1));
    else body = JSON.stringify(op.body ? gen.value(op.body, mutate) : {});
    headers['content-type'] = 'application/json';
  }
  const qs = query.toString();
  return { method: op.method, url: `${path}${qs ? `?${qs}` : ''}`, headers, body };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', trustProxy: true },
    db: database.db,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('the API under generated input', () => {
  it(`answers ${REQUESTS} requests generated from its OpenAPI document without a single 5xx`, async () => {
    // A small organization with one of everything, so generated ids reach real records.
    const { admin, email } = await newOrganization(app);
    const made = async (url: string, body: object) => {
      const res = await admin.post(url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json().id as string;
    };
    const facility = await made('/api/facilities', {
      code: 'F1',
      name: 'Plant',
      type: 'mrf',
      city: 'Manila',
      region: 'NCR',
    });
    const supplier = await made('/api/suppliers', { code: 'S1', name: 'Junkshop', type: 'junkshop' });
    const material = await made('/api/materials', {
      code: 'PET1',
      name: 'PET bottles',
      polymer: 'PET',
      form: 'bottles',
    });
    await made('/api/prices', {
      material_id: material,
      region: 'NCR',
      price_per_kg: 12,
      effective_from: '2026-01-01',
    });
    const draft = (received: string) =>
      made('/api/receive-records', {
        supplier_id: supplier,
        facility_id: facility,
        received_at: received,
        lines: [{ material_id: material, gross_kg: 100, tare_kg: 5 }],
      });
    const posted = await draft('2026-11-01T08:00:00+08:00');
    expect((await admin.post(`/api/receive-records/${posted}/post`)).statusCode).toBe(200);
    const record = await draft('2026-11-02T08:00:00+08:00');
    const lot = (await admin.get('/api/lots')).json().items[0].id as string;
    const ids = [facility, supplier, material, posted, record, lot];

    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as Parameters<
      typeof operations
    >[0] & {
      components: { schemas: Record<string, JsonSchema> };
    };
    // Signing out would end the session the rest of the run uses.
    const ops = operations(doc).filter((o) => o.path !== '/api/auth/logout');
    const rng = prng(SEED);
    const gen = new Generator(rng, doc.components.schemas, ids);
    const signedIn = await session(email);
    const anonymous = await session();

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const worker = async () => {
      while (sent < REQUESTS) {
        sent++;
        const op = rng.pick(ops);
        const who = op.permission === 'public' && rng.next() < 0.5 ? anonymous : signedIn;
        const req = request(op, gen, rng, who);
        if (process.env.FUZZ_TRACE)
          appendFileSync(process.env.FUZZ_TRACE, `${req.method} ${req.url} ${req.body ?? ''}\n`);
        let status: number;
        try {
          const res = await fetch(`${base}${req.url}`, {
            method: req.method,
            headers: req.headers,
            body: req.body,
          });
          await res.arrayBuffer();
          status = res.status;
        } catch (err) {
          // A connection cut without an answer is a failure too (599 here: no status was sent).
          status = 599;
          req.body = `${req.body ?? ''} → ${(err as Error).cause ?? err}`;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500 && failures.length < 20)
          failures.push(`${status} ${req.method} ${req.url} ${req.body?.slice(0, 300) ?? ''}`);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(REQUESTS);
    expect(failures, `seed ${SEED}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([]);
    // The run reached the handlers, not only the validators: some calls succeeded.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
  }, 900_000);
});
