import { Button, NativeSelect, TextInput } from '@mantine/core';
import {
  CREDIT_FATES,
  MARKET_KIND_LABELS,
  MARKET_KINDS,
  MARKET_QUALITY_LABELS,
  MARKET_SIDE_LABELS,
  MARKET_SIDES,
  MARKET_SORTS,
  MATERIAL_FORMS,
  marketSearchFiltersSchema,
  POLYMERS,
} from '@plastrace/shared';
import { useEffect, useState } from 'react';
import { problemText } from '../../components/common/apiErrors.ts';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { oneOf } from '../../components/common/useUrlFilters.ts';
import { fateLabel } from '../epr-credits/labels.tsx';
import { useMyFacilities } from './api.ts';

// The browse filters live in the address under the search's own query keys (q, side, kind, polymer, form,
// grade, min_level, min_price, max_price, min_quantity, near_lat, near_lng, within_km, fate, vintage, sort),
// so a filtered search is a link: saved searches open /marketplace with exactly these.

export const BROWSE_KEYS = {
  tab: 'tab',
  view: 'view',
  q: 'q',
  side: 'side',
  kind: 'kind',
  polymer: 'polymer',
  form: 'form',
  grade: 'grade',
  minLevel: 'min_level',
  minPrice: 'min_price',
  maxPrice: 'max_price',
  minQuantity: 'min_quantity',
  near: 'near',
  nearLat: 'near_lat',
  nearLng: 'near_lng',
  withinKm: 'within_km',
  fate: 'fate',
  vintage: 'vintage',
  sort: 'sort',
} as const;
export type BrowseKey = keyof typeof BROWSE_KEYS;

const shape = marketSearchFiltersSchema.shape;
const valid = (field: keyof typeof shape) => (v: string) => shape[field].safeParse(v).success;

export const BROWSE_CHECKS: Partial<Record<BrowseKey, (v: string) => boolean>> = {
  view: oneOf(['list', 'map']),
  side: oneOf(MARKET_SIDES),
  kind: oneOf(MARKET_KINDS),
  polymer: oneOf(POLYMERS),
  form: oneOf(MATERIAL_FORMS),
  minLevel: oneOf(['1', '2', '3', '4']),
  minPrice: valid('min_price'),
  maxPrice: valid('max_price'),
  minQuantity: valid('min_quantity'),
  nearLat: valid('near_lat'),
  nearLng: valid('near_lng'),
  withinKm: valid('within_km'),
  fate: oneOf(CREDIT_FATES),
  vintage: valid('vintage'),
  sort: oneOf(MARKET_SORTS),
};

const SORT_LABELS: Record<(typeof MARKET_SORTS)[number], string> = {
  newest: 'Newest first',
  price_asc: 'Price, lowest first',
  price_desc: 'Price, highest first',
  distance: 'Nearest first',
  quantity_desc: 'Largest quantity first',
};

type Filters = Record<BrowseKey, string>;
type Props = {
  filters: Filters;
  set: (patch: Partial<Filters>) => void;
  search: string;
  setSearch: (v: string) => void;
  /** Members pick one of their facilities as the point; visitors only their browser's location. */
  member: boolean;
};

/** A typed filter takes effect once the field is left (or Enter pressed), when the wire's rule accepts it. */
function TypedFilter({
  label,
  field,
  value,
  onCommit,
  description,
  inputMode = 'decimal',
}: {
  label: string;
  field: keyof typeof shape;
  value: string;
  onCommit: (v: string) => void;
  description?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
}) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // Cleared or changed from elsewhere (a link, "Clear the distance"): show what the address holds.
  useEffect(() => setText(value), [value]);
  const commit = () => {
    const v = text.trim();
    const parsed = v === '' ? null : shape[field].safeParse(v);
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Not a valid value');
    setError(null);
    if (v !== value) onCommit(v);
  };
  return (
    <TextInput
      label={label}
      description={description}
      inputMode={inputMode}
      value={text}
      error={error}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}

export function BrowseFilters({ filters, set, search, setSearch, member }: Props) {
  const facilities = useMyFacilities(member);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const placedFacilities = (facilities.data?.items ?? []).filter((f) => f.latitude && f.longitude);
  const hasPoint = Boolean(filters.nearLat && filters.nearLng);

  function chooseNear(near: string) {
    setLocateError(null);
    if (near === '')
      return set({
        near: '',
        nearLat: '',
        nearLng: '',
        withinKm: '',
        sort: filters.sort === 'distance' ? '' : filters.sort,
      });
    if (near !== 'here') {
      const f = placedFacilities.find((x) => x.id === near);
      if (f) set({ near, nearLat: f.latitude ?? '', nearLng: f.longitude ?? '' });
      return;
    }
    if (!('geolocation' in navigator)) return setLocateError('This browser cannot tell its location');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        set({ near: 'here', nearLat: p.coords.latitude.toFixed(6), nearLng: p.coords.longitude.toFixed(6) });
      },
      (e) => {
        setLocating(false);
        setLocateError(e.message || 'Your location could not be read');
      },
    );
  }

  const options = (all: readonly string[], any: string, label = (v: string) => v) => [
    { value: '', label: any },
    ...all.map((v) => ({ value: v, label: label(v) })),
  ];

  return (
    <FilterBar label="Search the marketplace">
      <TextInput
        label="Search"
        placeholder="Title, material, city…"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        style={{ gridColumn: 'span 2' }}
      />
      <NativeSelect
        label="Side"
        value={filters.side}
        onChange={(e) => set({ side: e.currentTarget.value })}
        data={options(MARKET_SIDES, 'Selling and buying', (s) => MARKET_SIDE_LABELS[s as 'sell'])}
      />
      <NativeSelect
        label="Kind"
        value={filters.kind}
        onChange={(e) => set({ kind: e.currentTarget.value })}
        data={options(MARKET_KINDS, 'Material and credits', (k) => MARKET_KIND_LABELS[k as 'material'])}
      />
      {filters.kind !== 'credits' && (
        <>
          <NativeSelect
            label="Polymer"
            value={filters.polymer}
            onChange={(e) => set({ polymer: e.currentTarget.value })}
            data={options(POLYMERS, 'Any polymer')}
          />
          <NativeSelect
            label="Form"
            value={filters.form}
            onChange={(e) => set({ form: e.currentTarget.value })}
            data={options(MATERIAL_FORMS, 'Any form')}
          />
          <TypedFilter
            label="Grade"
            field="grade"
            inputMode="text"
            value={filters.grade}
            onCommit={(v) => set({ grade: v })}
          />
        </>
      )}
      {filters.kind === 'credits' && (
        <>
          <NativeSelect
            label="Fate"
            value={filters.fate}
            onChange={(e) => set({ fate: e.currentTarget.value })}
            data={options(CREDIT_FATES, 'Any fate', fateLabel)}
          />
          <TypedFilter
            label="Vintage"
            inputMode="numeric"
            field="vintage"
            value={filters.vintage}
            onCommit={(v) => set({ vintage: v })}
          />
        </>
      )}
      <NativeSelect
        label="Minimum quality"
        value={filters.minLevel}
        onChange={(e) => set({ minLevel: e.currentTarget.value })}
        data={options(
          ['2', '3', '4'],
          'Any level',
          (l) => `Level ${l}+: ${MARKET_QUALITY_LABELS[Number(l) as 2]}`,
        )}
      />
      <TypedFilter
        label="Lowest price (₱)"
        field="min_price"
        value={filters.minPrice}
        onCommit={(v) => set({ minPrice: v })}
      />
      <TypedFilter
        label="Highest price (₱)"
        field="max_price"
        value={filters.maxPrice}
        onCommit={(v) => set({ maxPrice: v })}
      />
      <TypedFilter
        label="Minimum quantity"
        description="kg, or credits"
        field="min_quantity"
        value={filters.minQuantity}
        onCommit={(v) => set({ minQuantity: v })}
      />
      <NativeSelect
        label="Distance from"
        value={hasPoint ? filters.near || 'here' : ''}
        disabled={locating}
        error={locateError ?? (facilities.isError ? problemText(facilities.error) : null)}
        onChange={(e) => chooseNear(e.currentTarget.value)}
        data={[
          { value: '', label: 'Anywhere' },
          ...placedFacilities.map((f) => ({ value: f.id, label: `Near ${f.name}` })),
          { value: 'here', label: locating ? 'Finding your location…' : 'Near my location' },
        ]}
      />
      {hasPoint && (
        <TypedFilter
          label="Within (km)"
          field="within_km"
          value={filters.withinKm}
          onCommit={(v) => set({ withinKm: v })}
        />
      )}
      <NativeSelect
        label="Sort"
        value={filters.sort}
        onChange={(e) => set({ sort: e.currentTarget.value })}
        data={MARKET_SORTS.filter((s) => s !== 'distance' || hasPoint).map((s) => ({
          value: s === 'newest' ? '' : s,
          label: SORT_LABELS[s],
        }))}
      />
      {hasPoint && (
        <Button variant="subtle" mt={25} onClick={() => chooseNear('')}>
          Clear the distance
        </Button>
      )}
    </FilterBar>
  );
}
