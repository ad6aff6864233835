import { formatKg, formatPhp, MARKET_KIND_LABELS, MARKET_SIDE_LABELS } from '@plastrace/shared';
import { toSnakeKey } from '../../api/caseConvert.ts';
import type { SavedSearch } from './api.ts';

// Words for saved filters, requests and their answers.

type Filters = SavedSearch['filters'];

const get = (f: Filters, key: string) => {
  const v = f[key];
  return v === undefined || v === '' ? undefined : String(v);
};

/** "Selling · Material · PET flake, grade A · level 2+ · up to ₱45.00 · 1,000 kg or more". */
export function filtersText(f: Filters): string {
  const parts: string[] = [];
  const side = get(f, 'side');
  const kind = get(f, 'kind');
  if (side) parts.push(MARKET_SIDE_LABELS[side as 'sell' | 'buy'] ?? side);
  if (kind) parts.push(MARKET_KIND_LABELS[kind as 'material' | 'credits'] ?? kind);
  const material = [get(f, 'polymer'), get(f, 'form')].filter(Boolean).join(' ');
  const grade = get(f, 'grade');
  if (material || grade) parts.push([material, grade ? `grade ${grade}` : ''].filter(Boolean).join(', '));
  const q = get(f, 'q');
  if (q) parts.push(`“${q}”`);
  const level = get(f, 'minLevel');
  if (level) parts.push(`quality level ${level}+`);
  const min = get(f, 'minPrice');
  const max = get(f, 'maxPrice');
  if (min) parts.push(`from ${formatPhp(min)}`);
  if (max) parts.push(`up to ${formatPhp(max)}`);
  const qty = get(f, 'minQuantity');
  if (qty) parts.push(`${formatKg(qty)} or more`);
  const km = get(f, 'withinKm');
  if (km) parts.push(`within ${km} km`);
  const fate = get(f, 'fate');
  if (fate) parts.push(fate === 'co_processing' ? 'co-processing' : fate);
  const vintage = get(f, 'vintage');
  if (vintage) parts.push(`vintage ${vintage}`);
  return parts.length ? parts.join(' · ') : 'Every listing';
}

/** The marketplace's browse with these filters: its query keys are the search's own (snake_case). */
export function browseLink(f: Filters): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(f))
    if (value !== undefined && value !== '') q.set(toSnakeKey(key), String(value));
  const s = q.toString();
  return s ? `/marketplace?${s}` : '/marketplace';
}

/** Where a quote (an offer) is negotiated: the marketplace's offers. */
export const offerLink = (offerId: string) => `/marketplace?tab=offers&offer=${encodeURIComponent(offerId)}`;

export const RECIPIENT_STATUS_LABELS = { sent: 'Waiting', quoted: 'Quoted', declined: 'Declined' } as const;
export const RFQ_STATUS_LABELS = { open: 'Open', closed: 'Closed', cancelled: 'Cancelled' } as const;
export const RFQ_STATUS_COLORS = { open: 'green', closed: 'gray', cancelled: 'red' } as const;
