import {
  type SavedSearch,
  type SavedSearchInput,
  type SavedSearchUpdate,
  savedSearchFiltersSchema,
} from '@plastrace/shared';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { idempotent } from '../security/idempotency.ts';
import * as repo from './saved-searches.repo.ts';

// A member's saved marketplace searches (docs/architecture.md "Marketplace"). They are personal: each
// member sees and changes only their own, so another member's search is a 404 like another organization's.

const ownerOf = (c: Caller) => ({ orgId: c.organizationId, userId: c.userId });

/** Filters stored before a search key was renamed or dropped still read: unknown or bad keys are left out. */
function filtersOf(stored: unknown): SavedSearch['filters'] {
  const parsed = savedSearchFiltersSchema.safeParse(stored);
  if (!parsed.success) return {};
  return Object.fromEntries(
    Object.entries(parsed.data).filter((e): e is [string, string | number] => e[1] !== undefined),
  );
}

export function toSavedSearch(r: Awaited<ReturnType<typeof repo.getSearch>> & object): SavedSearch {
  return {
    id: r.id,
    name: r.name,
    filters: filtersOf(r.filters),
    alert: r.alert,
    alerted_through: r.alertedThrough.toISOString(),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function list(ctx: AppContext, caller: Caller, q: { limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, ['uuid'] as const)?.[0];
  const rows = await repo.listSearches(ctx.db, ownerOf(caller), { limit: q.limit + 1, after });
  const page = toPage(rows, q.limit, (r) => [r.id]);
  return { items: page.items.map(toSavedSearch), next_cursor: page.next_cursor };
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  const row = await repo.getSearch(ctx.db, ownerOf(caller), id);
  if (!row) throw notFound('Saved search');
  return toSavedSearch(row);
}

export async function create(ctx: AppContext, caller: Caller, input: SavedSearchInput, key?: string) {
  return idempotent(
    ctx.db,
    { organizationId: caller.organizationId, route: 'market.saved-searches.create', key },
    { user: caller.userId, input },
    async (tx) => {
      const row = await repo.insertSearch(tx, ownerOf(caller), { id: uuidv7(), ...input });
      return { status: 201, body: toSavedSearch(row) };
    },
  );
}

export async function update(ctx: AppContext, caller: Caller, id: string, input: SavedSearchUpdate) {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.getSearch(tx, ownerOf(caller), id);
    if (!before) throw notFound('Saved search');
    const restart = (input.alert === true && !before.alert) || input.filters !== undefined;
    const row = await repo.updateSearch(tx, ownerOf(caller), id, { ...input, restart });
    if (!row) throw notFound('Saved search');
    return toSavedSearch(row);
  });
}

export async function remove(ctx: AppContext, caller: Caller, id: string) {
  if (!(await repo.deleteSearch(ctx.db, ownerOf(caller), id))) throw notFound('Saved search');
}
