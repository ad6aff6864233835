import {
  lotDigitalLink,
  type MarketListing,
  type MarketQuality,
  type PublicMarketListing,
} from '@plastrace/shared';
import type { ListingLotRow, ListingRow } from './listings.search.ts';

// Two views of one row: members see who lists and whom to contact and, on their own listings, the material,
// the lots' ids and codes and what is reserved of them; anyone else sees what is offered and roughly where
// (listings.search.ts snaps their point), never who or which of the seller's rows. Photos are answered to
// every viewer as urls under the listing (listings.photos.ts); the bare file ids only to the owner.

const qualityOf = (row: ListingRow): MarketQuality => {
  const q = row.quality as Partial<MarketQuality> | null;
  return { level: row.quality_level, checks: q?.checks ?? [] };
};

/** The listing's photos as urls under `base` (members' or public routes), in the order they were added. */
const photosOf = (base: string, row: ListingRow) =>
  row.photo_file_ids.map((f) => ({
    url: `${base}/${row.id}/photos/${f}`,
    thumbnail_url: `${base}/${row.id}/photos/${f}/thumbnail`,
  }));

function common(row: ListingRow) {
  return {
    id: row.id,
    side: row.side,
    kind: row.kind,
    status: row.status,
    closed_reason: row.closed_reason,
    title: row.title,
    description: row.description,
    polymer: row.polymer,
    form: row.form,
    grade: row.grade,
    credit_vintage: row.credit_vintage,
    credit_fate: row.credit_fate,
    unit: row.unit,
    quantity: row.quantity,
    remaining: row.remaining,
    min_order: row.min_order,
    price: row.price,
    location: { city: row.city, province: row.province, latitude: row.latitude, longitude: row.longitude },
    distance_km: row.distance_km,
    available_from: row.available_from,
    available_until: row.available_until,
    quality_level: row.quality_level,
    quality: qualityOf(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

/** Lots grouped by listing. */
export function lotsByListing(lots: ListingLotRow[]): Map<string, ListingLotRow[]> {
  const m = new Map<string, ListingLotRow[]>();
  for (const l of lots) m.set(l.listing_id, [...(m.get(l.listing_id) ?? []), l]);
  return m;
}

const passportUrl = (publicUrl: string, l: ListingLotRow) =>
  l.published
    ? lotDigitalLink(publicUrl, { code: l.code, gtin: l.gtin, organizationSlug: l.organization_slug })
    : null;

/** A listing as a member of `viewerOrgId` sees it. */
export function toListing(
  publicUrl: string,
  viewerOrgId: string,
  row: ListingRow,
  lots: ListingLotRow[],
): MarketListing {
  const mine = row.organization_id === viewerOrgId;
  return {
    ...common(row),
    organization_id: row.organization_id,
    material:
      mine && row.material_id
        ? { id: row.material_id, code: row.material_code ?? '', name: row.material_name ?? '' }
        : null,
    lots: lots.map((l) => ({
      lot_id: mine ? l.lot_id : null,
      code: mine ? l.code : null,
      kg: l.kg,
      reserved_kg: mine ? l.reserved_kg : null,
      passport_url: passportUrl(publicUrl, l),
    })),
    seller:
      row.seller_name === null
        ? null
        : {
            organization_id: row.organization_id,
            name: row.seller_name,
            city: row.seller_city,
            rating: row.rating,
            ratings_count: row.ratings_count ?? 0,
            completed_deals: row.completed_deals ?? 0,
            contact:
              row.contact_name === null || row.contact_email === null
                ? null
                : { name: row.contact_name, email: row.contact_email },
          },
    photo_file_ids: mine ? row.photo_file_ids : [],
    photos: photosOf('/api/market/listings', row),
    mine,
  };
}

/** A listing as anyone sees it: read with `coarse`, so its point is already snapped. */
export function toPublicListing(row: ListingRow, lots: ListingLotRow[]): PublicMarketListing {
  return {
    ...common(row),
    lots: lots.map((l) => ({ kg: l.kg, has_passport: l.published })),
    photos: photosOf('/api/public/market/listings', row),
  };
}
