import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ACTIONS, type Action, can, MEMBER_ROLES, roleTableMarkdown } from '@plastrace/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import type { TestClient } from '../test/http.ts';
import { seededOrganization } from '../test/masterdata.ts';

const ctx = useTestApp();
type Operation = { method: string; path: string; permission: Action | 'public' };

/** Every operation of the OpenAPI document with the permission it declares. */
async function operations(): Promise<Operation[]> {
  const doc = (await ctx.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { 'x-permission'?: Action | 'public' }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      permission: op['x-permission'] as Action | 'public',
    })),
  );
}

/** A path with its parameters filled: ids that exist nowhere, so a permitted call ends in 404 or 400. */
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'format' ? 'svg' : name === 'token' ? 'no-such-token' : '00000000-0000-4000-8000-000000000000',
  );

describe('permissions', () => {
  let clients: Record<(typeof MEMBER_ROLES)[number], TestClient>;
  beforeAll(async () => {
    clients = await seededOrganization(ctx, 'perm');
  });

  it('names a permission on every operation of the API', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(80);
    expect(ops.filter((o) => !o.permission)).toEqual([]);
  });

  it('lets each role call exactly the operations the table gives it, for every operation and role', async () => {
    // Signing out ends the session the rest of the walk uses: it goes last.
    const ops = (await operations())
      .filter((o) => o.permission !== 'public')
      .sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));
    const mismatches: string[] = [];
    for (const op of ops) {
      for (const role of MEMBER_ROLES) {
        const c = clients[role];
        const res = await c.request(
          op.method as 'GET',
          concrete(op.path),
          op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
        );
        const refused = res.statusCode === 403 && res.json().code === 'forbidden';
        const allowed = can(role, op.permission as Action);
        if (res.statusCode === 401 || refused === allowed)
          mismatches.push(
            `${role} ${op.method} ${op.path} (${op.permission}): ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);

  it('uses every action of the table, on a route or in a service', async () => {
    const onRoutes = new Set((await operations()).map((o) => o.permission));
    const src = join(import.meta.dirname, '..');
    const files = (await readdir(src, { recursive: true }))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(join(src, f), 'utf8'))
      .join('\n');
    const unused = ACTIONS.filter((a) => !onRoutes.has(a) && !files.includes(`'${a}'`));
    expect(unused).toEqual([]);
  });

  it('is the table the README shows', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../../README.md'), 'utf8');
    expect(readme).toContain(roleTableMarkdown());
  });
});
