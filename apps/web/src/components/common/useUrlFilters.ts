import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

// A list's filters kept in the URL, so a filtered list can be bookmarked and shared: each filter is a
// URL parameter; a value its check refuses (a typed-in URL) reads as unset; the search box writes the
// URL once typing pauses.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Checks for filter values: a calendar day, or one of a list. */
export const isDay = (v: string) => DAY.test(v);
export const oneOf = (values: readonly string[]) => (v: string) => values.includes(v);

export function useUrlFilters<K extends string>(
  /** Filter name → URL parameter; a `q` filter is the search box. */
  keys: Record<K, string>,
  checks: Partial<Record<K, (v: string) => boolean>> = {},
) {
  const [params, setParams] = useSearchParams();
  const names = Object.keys(keys) as K[];
  const read = (p: URLSearchParams) =>
    Object.fromEntries(
      names.map((k) => {
        const v = p.get(keys[k]) ?? '';
        return [k, v && checks[k] && !checks[k](v) ? '' : v];
      }),
    ) as Record<K, string>;
  const write = (f: Record<K, string>) =>
    new URLSearchParams(names.flatMap((k) => (f[k].trim() ? [[keys[k], f[k].trim()]] : [])));
  const filters = read(params);
  const setFilters = (next: Record<K, string>) =>
    setParams(write(next), { replace: true, preventScrollReset: true });
  const q = (filters as Record<string, string>).q ?? '';
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text writes the URL
  useEffect(() => {
    if ('q' in keys && debounced.trim() !== q.trim()) setFilters({ ...filters, q: debounced });
  }, [debounced]);

  return {
    filters,
    /** The filters as the API's query: blank ones left out. */
    query: Object.fromEntries(names.map((k) => [k, filters[k].trim() || undefined])) as Record<
      K,
      string | undefined
    >,
    set: (patch: Partial<Record<K, string>>) => setFilters({ ...filters, ...patch }),
    clear: () => {
      setSearch('');
      setFilters(read(new URLSearchParams()));
    },
    filtered: write(filters).size > 0,
    search,
    setSearch,
  };
}
