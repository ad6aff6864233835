import type { ListQuery } from './recordApi.ts';

export const SORTS = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: 'code', label: 'Code (A–Z)' },
  { value: '-code', label: 'Code (Z–A)' },
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
];

/** A list's state as kept in the URL: search, sort, archived toggle and the entity's own filters. */
export interface ListState {
  q: string;
  sort: string;
  archived: boolean;
  filters: Record<string, string>;
}

/** `filterNames` are the API's query names in camelCase ('paymentMethod' → payment_method). */
export function readListState(params: URLSearchParams, filterNames: string[]): ListState {
  const sort = params.get('sort') ?? '';
  const filters: Record<string, string> = {};
  for (const name of filterNames) filters[name] = params.get(name) ?? '';
  return {
    q: params.get('q') ?? '',
    sort: SORTS.some((s) => s.value === sort) ? sort : 'name',
    archived: params.get('archived') === '1',
    filters,
  };
}

/** Writes the list's state over `params`, keeping other keys (a page's tab). */
export function writeListState(params: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['q', 'sort', 'archived', ...Object.keys(state.filters)]) next.delete(key);
  if (state.q.trim()) next.set('q', state.q.trim());
  if (state.sort !== 'name') next.set('sort', state.sort);
  if (state.archived) next.set('archived', '1');
  for (const [key, value] of Object.entries(state.filters)) if (value) next.set(key, value);
  return next;
}

/** The API query: empty values are left out by the client, `includeArchived` becomes include_archived. */
export function toListQuery(state: ListState): ListQuery {
  return {
    q: state.q.trim() || undefined,
    sort: state.sort,
    includeArchived: state.archived || undefined,
    ...Object.fromEntries(Object.entries(state.filters).map(([k, v]) => [k, v || undefined])),
  };
}

export const isFiltered = (state: ListState) =>
  !!state.q.trim() || state.archived || Object.values(state.filters).some(Boolean);
