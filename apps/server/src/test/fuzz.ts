// Requests generated from the OpenAPI document: values that follow each parameter's JSON Schema, and
// values that break it in the ways real clients and attackers do (NUL, out-of-range days, 33-bit
// integers, huge decimals, cursors of the wrong shape…). Seeded, so a failure can be replayed.

import type { Random } from '../lib/random.ts';

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
};

export { prng } from '../lib/random.ts';
export type Rng = Random;

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Values that have broken, or could break, a route that trusts its input too much. */
export const NASTY: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '%00',
  '',
  ' ',
  'x'.repeat(5000),
  '😀♻️',
  '\ud800',
  "'; DROP TABLE suppliers; --",
  '../../etc/passwd',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '10000-01-01',
  '-0001-01-01T00:00:00Z',
  '2026-13-01T00:00:00+08:00',
  '1e15',
  '1e308',
  '-1',
  '-0',
  '0.0000001',
  '123456789012345678901234567890.123',
  'NaN',
  'Infinity',
  0,
  -1,
  1.5,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  '9007199254740993',
  1e15,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  {},
  [null],
  { $gt: '' },
  b64(['x', 'x']),
  b64([1, 2, 3]),
  b64(['name', 'x', 'not-a-uuid']),
  b64(['-created_at', '0000-01-01T00:00:00Z', '00000000-0000-4000-8000-000000000000']),
  b64({ a: 1 }),
  'not base64!',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

export class Generator {
  constructor(
    readonly rng: Rng,
    readonly components: Record<string, JsonSchema>,
    /** Real ids of the organization, so some calls reach past "not found". */
    readonly ids: string[],
  ) {}

  resolve(s: JsonSchema): JsonSchema {
    if (!s.$ref) return s;
    const name = s.$ref.split('/').at(-1) ?? '';
    return this.components[name] ?? {};
  }

  /** A value following the schema, now and then broken: `depth` guards recursive schemas. */
  value(schema: JsonSchema, mutate: number, depth = 0): unknown {
    const { rng } = this;
    if (rng.next() < mutate) return rng.pick(NASTY);
    const s = this.resolve(schema);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives?.length) return this.value(rng.pick(alternatives), mutate, depth);
    if (s.allOf?.length) return this.value(s.allOf[0] as JsonSchema, mutate, depth);
    if (s.const !== undefined) return s.const;
    if (s.enum?.length) return rng.pick(s.enum);
    const type = Array.isArray(s.type) ? rng.pick(s.type) : s.type;
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return rng.next() < 0.5;
      case 'integer':
      case 'number': {
        const lo = s.minimum ?? 0;
        const hi = Math.min(s.maximum ?? 1000, lo + 1000);
        const n = lo + rng.next() * (hi - lo);
        return type === 'integer' ? Math.round(n) : Math.round(n * 100) / 100;
      }
      case 'array': {
        if (depth > 4) return [];
        const min = s.minItems ?? 0;
        const len = min + rng.int(0, Math.min((s.maxItems ?? min + 3) - min, 3));
        return Array.from({ length: len }, () => this.value(s.items ?? {}, mutate, depth + 1));
      }
      case 'object': {
        if (depth > 4) return {};
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(s.properties ?? {}))
          if (s.required?.includes(k) || rng.next() < 0.6) out[k] = this.value(v, mutate, depth + 1);
        return out;
      }
      default:
        return this.text(s);
    }
  }

  text(s: JsonSchema): string {
    const { rng } = this;
    switch (s.format) {
      case 'uuid':
        return rng.next() < 0.7 && this.ids.length ? rng.pick(this.ids) : crypto.randomUUID();
      case 'date':
        return `20${10 + rng.int(0, 19)}-${String(1 + rng.int(0, 11)).padStart(2, '0')}-${String(1 + rng.int(0, 27)).padStart(2, '0')}`;
      case 'date-time':
        return new Date(Date.UTC(2020, 0, 1) + rng.int(0, 7 * 365 - 1) * 86_400_000).toISOString();
      case 'email':
        return `fuzz${rng.int(0, 999)}@example.ph`;
    }
    const min = s.minLength ?? 0;
    const max = Math.min(s.maxLength ?? 20, min + 20);
    const len = min + rng.int(0, Math.max(0, max - min));
    return Array.from({ length: len }, () => rng.pick([...'ABCxyz019 -_.'])).join('');
  }
}
