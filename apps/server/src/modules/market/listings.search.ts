import type { MarketSearchFilters, MarketSort } from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, invalidCursor, isCursorPart } from '../../lib/cursor.ts';
import { containsPattern } from '../../lib/sql.ts';

// The one read of listings: a listing's own page, an organization's list, the members' search, the public
// one and matching (the enhanced marketplace calls searchListings with saved filters). Distances are
// haversine in SQL, in km to the metre, so they can be a keyset sort key. Anonymous reads are `coarse`:
// a facility's exact point names its seller, and so would exact distances from points a visitor picks
// (three of them triangulate it), so both the point shown and the distances use it snapped to a grid.

type Handle = Db | Tx;

export type ListingRow = {
  id: string;
  organization_id: string;
  side: 'sell' | 'buy';
  kind: 'material' | 'credits';
  status: 'active' | 'paused' | 'closed';
  closed_reason: string | null;
  title: string;
  description: string | null;
  polymer: string | null;
  form: string | null;
  grade: string | null;
  material_id: string | null;
  material_code: string | null;
  material_name: string | null;
  credit_batch_id: string | null;
  credit_vintage: number | null;
  credit_fate: string | null;
  unit: 'kg' | 'credit';
  quantity: string;
  remaining: string;
  min_order: string | null;
  price: string | null;
  facility_id: string | null;
  city: string | null;
  province: string | null;
  latitude: string | null;
  longitude: string | null;
  distance_km: string | null;
  available_from: string | null;
  available_until: string | null;
  quality_level: number;
  quality: unknown;
  photo_file_ids: string[];
  created_at: string;
  updated_at: string;
  version: number;
  sort_value: string;
  seller_name: string | null;
  seller_city: string | null;
  rating: string | null;
  ratings_count: number | null;
  completed_deals: number | null;
  contact_name: string | null;
  contact_email: string | null;
};

export type ListingPoint = { lat: string; lng: string };

export type ListingReadOptions = {
  /** Members' reads add the seller's name, city, rating, completed deals and who listed. */
  withSeller?: boolean;
  /** Anonymous reads: the point and the distances from it on a 0.05° grid (about 5 km). */
  coarse?: boolean;
  /** From where distances are measured. */
  near?: ListingPoint;
  sort?: MarketSort;
  /** The decoded cursor: the last row's sort value and id. */
  after?: [string, string];
  limit: number;
};

const iso = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The listing's point, snapped to the nearest 0.05° when coarse. */
function pointOf(coarse: boolean | undefined): { lat: SQL; lng: SQL } {
  if (!coarse) return { lat: sql`l.latitude`, lng: sql`l.longitude` };
  return {
    lat: sql`(round(l.latitude * 20) / 20)::numeric(9, 6)`,
    lng: sql`(round(l.longitude * 20) / 20)::numeric(9, 6)`,
  };
}

function distanceOf(near: ListingPoint | undefined, coarse?: boolean): SQL {
  if (!near) return sql`NULL::numeric`;
  const lat = sql`${near.lat}::numeric`;
  const lng = sql`${near.lng}::numeric`;
  const p = pointOf(coarse);
  return sql`CASE WHEN l.latitude IS NULL OR l.longitude IS NULL THEN NULL ELSE round((12742 * asin(sqrt(least(1,
    power(sin(radians(${p.lat} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${p.lat})) * power(sin(radians(${p.lng} - ${lng}) / 2), 2)))))::numeric, 3) END`;
}

/** Each sort's key (nulls last either way), its direction and how its cursor value is checked. */
function sortKey(sort: MarketSort, distance: SQL): { key: SQL; desc: boolean; part: 'instant' | 'decimal' } {
  switch (sort) {
    case 'price_asc':
      return { key: sql`coalesce(l.price, 99999999)`, desc: false, part: 'decimal' };
    case 'price_desc':
      return { key: sql`coalesce(l.price, -1)`, desc: true, part: 'decimal' };
    case 'distance':
      return { key: sql`coalesce(${distance}, 99999999)`, desc: false, part: 'decimal' };
    case 'quantity_desc':
      return { key: sql`l.quantity`, desc: true, part: 'decimal' };
    default:
      return { key: sql`l.created_at`, desc: true, part: 'instant' };
  }
}

/** The cursor carries its sort, so a cursor of one order used with another is refused, not misread. */
export function decodeListingCursor(
  cursor: string | undefined,
  sort: MarketSort,
): [string, string] | undefined {
  const key = decodeCursor(cursor, ['text', 'text', 'uuid']);
  if (!key) return undefined;
  if (key[0] !== sort) throw invalidCursor('This cursor belongs to another sort order');
  if (!isCursorPart(sortKey(sort, sql``).part, key[1])) throw invalidCursor();
  return [key[1], key[2]];
}

/** Listings matching `where`, in the sort's order, one page. */
export async function readListings(h: Handle, where: SQL[], o: ListingReadOptions): Promise<ListingRow[]> {
  const distance = distanceOf(o.near, o.coarse);
  const point = pointOf(o.coarse);
  const s = sortKey(o.sort ?? 'newest', distance);
  const cmp = sql.raw(s.desc ? '<' : '>');
  const dir = sql.raw(s.desc ? 'DESC' : 'ASC');
  const afterValue = s.part === 'instant' ? sql`${o.after?.[0]}::timestamptz` : sql`${o.after?.[0]}::numeric`;
  const conditions = o.after
    ? [...where, sql`(${s.key}, l.id) ${cmp} (${afterValue}, ${o.after[1]}::uuid)`]
    : where;
  const seller = o.withSeller
    ? sql`o.name AS seller_name,
        coalesce(l.city, (SELECT f.city FROM facilities f WHERE f.organization_id = l.organization_id
          AND f.archived_at IS NULL ORDER BY f.created_at, f.id LIMIT 1)) AS seller_city,
        (SELECT round(avg(r.stars), 1)::text FROM market_ratings r WHERE r.to_organization_id = l.organization_id) AS rating,
        (SELECT count(*)::int FROM market_ratings r WHERE r.to_organization_id = l.organization_id) AS ratings_count,
        (SELECT count(*)::int FROM market_deals md WHERE md.status = 'completed'
          AND l.organization_id IN (md.seller_organization_id, md.buyer_organization_id)) AS completed_deals,
        ct.contact_name, ct.contact_email`
    : sql`NULL AS seller_name, NULL AS seller_city, NULL AS rating, NULL::int AS ratings_count,
        NULL::int AS completed_deals, NULL AS contact_name, NULL AS contact_email`;
  // Who listed, while still an active member of the seller: someone who left is no contact of it.
  const contact = o.withSeller
    ? sql`LEFT JOIN LATERAL (SELECT u.first_name || ' ' || u.last_name AS contact_name, u.email AS contact_email
        FROM users u JOIN memberships ms ON ms.user_id = u.id AND ms.organization_id = l.organization_id
        WHERE u.id = l.created_by AND ms.status = 'active') ct ON true`
    : sql``;
  const res = await h.execute<ListingRow>(sql`
    SELECT l.id, l.organization_id, l.side, l.kind, l.status, l.closed_reason, l.title, l.description,
      l.polymer, l.form, l.grade, l.material_id, m.code AS material_code, m.name AS material_name,
      l.credit_batch_id, l.credit_vintage, l.credit_fate, l.unit, l.quantity::text,
      (l.quantity - coalesce(d.taken, 0))::text AS remaining, l.min_order::text, l.price::text,
      l.facility_id, l.city, l.province, ${point.lat}::text AS latitude, ${point.lng}::text AS longitude,
      ${distance}::text AS distance_km, l.available_from::text, l.available_until::text,
      l.quality_level, l.quality, l.photo_file_ids, ${iso(sql`l.created_at`)} AS created_at,
      ${iso(sql`l.updated_at`)} AS updated_at, l.version,
      ${s.part === 'instant' ? iso(s.key) : sql`${s.key}::text`} AS sort_value,
      ${seller}
    FROM market_listings l
    JOIN organizations o ON o.id = l.organization_id
    LEFT JOIN materials m ON m.id = l.material_id
    LEFT JOIN LATERAL (SELECT sum(md.quantity) AS taken FROM market_deals md
      WHERE md.listing_id = l.id AND md.status <> 'cancelled') d ON true
    ${contact}
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${s.key} ${dir}, l.id ${dir}
    LIMIT ${o.limit}`);
  return res.rows;
}

/** What a search filters on, as conditions on `l` (the listing) and `d.taken` (its deals). */
export function searchConditions(f: MarketSearchFilters, coarse = false): SQL[] {
  const c: SQL[] = [];
  if (f.q) {
    const p = containsPattern(f.q);
    c.push(sql`(l.title ILIKE ${p} OR l.description ILIKE ${p} OR l.grade ILIKE ${p} OR l.city ILIKE ${p})`);
  }
  if (f.side) c.push(sql`l.side = ${f.side}`);
  if (f.kind) c.push(sql`l.kind = ${f.kind}`);
  if (f.polymer) c.push(sql`l.polymer = ${f.polymer}`);
  if (f.form) c.push(sql`l.form = ${f.form}`);
  if (f.grade) c.push(sql`lower(l.grade) = lower(${f.grade})`);
  if (f.min_level) c.push(sql`l.quality_level >= ${f.min_level}`);
  if (f.min_price) c.push(sql`l.price >= ${f.min_price}::numeric`);
  if (f.max_price) c.push(sql`l.price <= ${f.max_price}::numeric`);
  if (f.min_quantity) c.push(sql`l.quantity - coalesce(d.taken, 0) >= ${f.min_quantity}::numeric`);
  if (f.fate) c.push(sql`l.credit_fate = ${f.fate}`);
  if (f.vintage) c.push(sql`l.credit_vintage = ${f.vintage}`);
  if (f.within_km && f.near_lat && f.near_lng)
    c.push(sql`${distanceOf({ lat: f.near_lat, lng: f.near_lng }, coarse)} <= ${f.within_km}::numeric`);
  return c;
}

/** Active listings still available today: what the marketplace shows to anyone. */
export const isOnMarket = sql`l.status = 'active' AND (l.available_until IS NULL OR l.available_until >= current_date)`;

/**
 * Active listings of every organization matching the filters (the members' and the public search, and
 * matching of buy requests to sell listings). `excludeOrganizationId` leaves one organization's own out;
 * `createdAfter` keeps only listings created after an instant (saved-search alerts).
 */
export function searchListings(
  h: Handle,
  filters: MarketSearchFilters,
  opts: Omit<ListingReadOptions, 'near'> & { excludeOrganizationId?: string; createdAfter?: Date },
): Promise<ListingRow[]> {
  const where = [isOnMarket, ...searchConditions(filters, opts.coarse)];
  if (opts.excludeOrganizationId) where.push(sql`l.organization_id <> ${opts.excludeOrganizationId}::uuid`);
  if (opts.createdAfter) where.push(sql`l.created_at > ${opts.createdAfter.toISOString()}::timestamptz`);
  const near =
    filters.near_lat && filters.near_lng ? { lat: filters.near_lat, lng: filters.near_lng } : undefined;
  return readListings(h, where, { ...opts, near });
}

export type ListingLotRow = {
  listing_id: string;
  lot_id: string;
  code: string;
  kg: string;
  reserved_kg: string;
  published: boolean;
  gtin: string | null;
  organization_slug: string;
};

/** The lots of some listings, with what each listing holds reserved of them. */
export async function listingLots(h: Handle, listingIds: string[]): Promise<ListingLotRow[]> {
  if (listingIds.length === 0) return [];
  const res = await h.execute<ListingLotRow>(sql`
    SELECT ml.listing_id, ml.lot_id, lo.code, ml.kg::text,
      coalesce((SELECT sum(r.qty) FROM market_reservations r
        WHERE r.listing_id = ml.listing_id AND r.lot_id = ml.lot_id), 0)::text AS reserved_kg,
      coalesce(p.published_version > 0, false) AS published, m.gtin, o.slug AS organization_slug
    FROM market_listing_lots ml
    JOIN lots lo ON lo.id = ml.lot_id AND lo.organization_id = ml.organization_id
    JOIN materials m ON m.id = lo.material_id
    JOIN organizations o ON o.id = ml.organization_id
    LEFT JOIN passports p ON p.lot_id = ml.lot_id AND p.organization_id = ml.organization_id
    WHERE ml.listing_id = any(${sql.param(listingIds)}::uuid[])
    ORDER BY lo.code`);
  return res.rows;
}
