import { Badge } from '@mantine/core';
import {
  DEAL_STATUS_LABELS,
  type DealStatus,
  formatCount,
  formatKg,
  formatPhp,
  MARKET_LISTING_STATUS_LABELS,
  MARKET_QUALITY_LABELS,
  type MarketListingStatus,
  OFFER_STATUS_LABELS,
  type OfferStatus,
} from '@plastrace/shared';
import { fateLabel } from '../epr-credits/labels.tsx';
import type { AnyListing } from './api.ts';

// How the marketplace names things on every page: a quantity in its unit, a price per unit or "make an
// offer", a state as a word (its colour only repeats it).

type Unit = 'kg' | 'credit';

/** '5,000 kg' or '20 credits'. */
export function quantityText(qty: string | null | undefined, unit: Unit): string {
  if (unit === 'kg') return formatKg(qty);
  if (qty === null || qty === undefined || qty === '') return '—';
  const n = formatCount(qty);
  return `${n} ${n === '1' ? 'credit' : 'credits'}`;
}

/** '₱32.00/kg', '₱850.00/credit', or 'Make an offer' when the listing names no price. */
export const priceText = (price: string | null | undefined, unit: Unit): string =>
  price ? `${formatPhp(price)}/${unit}` : 'Make an offer';

/** What is listed: 'PET flake, grade A', or 'EPR credits 2026, recycling'. */
export function whatText(
  l: Pick<AnyListing, 'kind' | 'polymer' | 'form' | 'grade' | 'creditVintage' | 'creditFate'>,
) {
  if (l.kind === 'credits')
    return ['EPR credits', l.creditVintage, l.creditFate ? fateLabel(l.creditFate) : null]
      .filter(Boolean)
      .join(', ');
  const material = [l.polymer, l.form].filter(Boolean).join(' ');
  return [material || 'Material', l.grade ? `grade ${l.grade}` : null].filter(Boolean).join(', ');
}

export const placeText = (l: Pick<AnyListing, 'location'>) =>
  [l.location.city, l.location.province].filter(Boolean).join(', ') || 'Location not given';

/** What each data-quality level proves (the idea of DIN SPEC 91446), for the detail page's explanation. */
export const QUALITY_EXPLAINED: Record<1 | 2 | 3 | 4, string> = {
  1: 'The material and its quantity are stated.',
  2: 'Plus where it came from and how it was processed: the lots trace to posted deliveries from named suppliers or to production runs.',
  3: 'Plus lab or spectral data and contaminants: a lot’s passport carries test results or certificates.',
  4: 'Plus a verified chain of custody: every record upstream of the lots is in the record log, with its proof.',
};

export const qualityName = (level: number) =>
  `Level ${level}: ${MARKET_QUALITY_LABELS[level as 1 | 2 | 3 | 4] ?? ''}`;

export function QualityBadge({ level }: { level: number }) {
  return (
    <Badge variant="light" color={level >= 3 ? 'teal' : level === 2 ? 'blue' : 'gray'} tt="none">
      {`Level ${level}`}
    </Badge>
  );
}

const LISTING_COLOR: Record<MarketListingStatus, string> = {
  active: 'teal',
  paused: 'yellow',
  closed: 'gray',
};
const CLOSED_REASONS: Record<string, string> = {
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  sold_out: 'Sold out',
};

export function ListingStatusBadge({
  status,
  reason,
}: {
  status: MarketListingStatus;
  reason?: string | null;
}) {
  const label =
    status === 'closed' && reason ? (CLOSED_REASONS[reason] ?? reason) : MARKET_LISTING_STATUS_LABELS[status];
  return (
    <Badge variant="light" color={LISTING_COLOR[status]} tt="none">
      {label}
    </Badge>
  );
}

const OFFER_COLOR: Record<OfferStatus, string> = {
  open: 'blue',
  countered: 'grape',
  accepted: 'teal',
  declined: 'red',
  withdrawn: 'gray',
  expired: 'gray',
};

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge variant="light" color={OFFER_COLOR[status]} tt="none">
      {OFFER_STATUS_LABELS[status]}
    </Badge>
  );
}

const DEAL_COLOR: Record<DealStatus, string> = { open: 'blue', completed: 'teal', cancelled: 'gray' };

export function DealStatusBadge({ status }: { status: DealStatus }) {
  return (
    <Badge variant="light" color={DEAL_COLOR[status]} tt="none">
      {DEAL_STATUS_LABELS[status]}
    </Badge>
  );
}

/** '4.5 ★ (12 ratings, 30 deals)', or 'No ratings yet'. */
export function ratingText(s: { rating: string | null; ratingsCount: number; completedDeals: number }) {
  const deals = `${s.completedDeals} completed ${s.completedDeals === 1 ? 'deal' : 'deals'}`;
  if (!s.rating) return `No ratings yet · ${deals}`;
  return `${s.rating} of 5 stars (${s.ratingsCount} ${s.ratingsCount === 1 ? 'rating' : 'ratings'}) · ${deals}`;
}
