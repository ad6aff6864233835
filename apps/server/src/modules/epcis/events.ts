import { facilityUri, formatUnits, lotDigitalLink, toUnits } from '@plastrace/shared';
import { apportion } from '../trace/shares.ts';
import type { EventRow, LineRow, LotRow, RecordRow } from './epcis.repo.ts';
import { eventHash } from './event-hash.ts';

// How our records become EPCIS 2.0 events (docs/architecture.md, "EPCIS"): a posted delivery is an
// ObjectEvent (receiving), a production run, split or merge a TransformationEvent (inputs → outputs in
// KGM), a dispatch an ObjectEvent (shipping, in transit) and its proof of delivery one at the customer
// (receiving). A voided record keeps its event with an errorDeclaration. Each event's id is its
// canonical GS1 hash, so anyone can recompute it from the content.

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/epcis-context.jsonld';
export const DOCUMENT_CONTEXT = [EPCIS_CONTEXT];

export type Page = {
  base: string;
  slug: string;
  timeZone: string;
  lines: LineRow[];
  records: Map<string, RecordRow>;
  lots: Map<string, LotRow>;
  facilities: Map<string, string>;
};

type Quantity = { epcClass: string; quantity: number; uom: 'KGM' };

/** "+08:00": the organization's offset from UTC at that instant (daylight saving included). */
export function offsetAt(timeZone: string, at: Date): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

/** kg as a JSON number: the schema's decimal is a number; kg carry 3 decimals, exact in a double. */
const kgNumber = (kg: string) => Number(formatUnits(toUnits(kg, 3), 3));

export function buildEvent(e: EventRow, p: Page): Record<string, unknown> {
  const root = p.base.replace(/\/+$/, '');
  const org = `${root}/o/${encodeURIComponent(p.slug)}`;
  const lot = (id: string) => {
    const l = p.lots.get(id);
    return lotDigitalLink(root, { code: l?.code ?? id, gtin: l?.gtin ?? null, organizationSlug: p.slug });
  };
  const mine = p.lines.filter((l) => l.id === e.id && (l.key === null || l.key === e.key));
  const qty = (role: 'in' | 'out'): Quantity[] =>
    mine
      .filter((l) => l.role === role)
      .map((l) => ({ epcClass: lot(l.lot_id), quantity: kgNumber(l.kg), uom: 'KGM' }));
  const rec = p.records.get(e.id);
  const recordUri = (n: string) => `${org}/record/${encodeURIComponent(n)}`;
  const place = e.facility_id
    ? facilityUri(root, p.slug, p.facilities.get(e.facility_id) ?? e.facility_id)
    : null;
  const at = new Date(e.at);
  const base: Record<string, unknown> = {
    type: 'ObjectEvent',
    eventTime: at.toISOString(),
    eventTimeZoneOffset: offsetAt(p.timeZone, at),
  };
  let ev: Record<string, unknown>;
  switch (e.kind) {
    case 'receipt':
      ev = {
        ...base,
        quantityList: qty('out'),
        action: 'ADD',
        bizStep: 'receiving',
        disposition: 'in_progress',
        ...(place && { readPoint: { id: place }, bizLocation: { id: place } }),
        bizTransactionList: transactions(rec, recordUri, 'recadv'),
        sourceList: rec?.party_code
          ? [{ type: 'owning_party', source: `${org}/supplier/${encodeURIComponent(rec.party_code)}` }]
          : [],
        destinationList: [
          { type: 'owning_party', destination: org },
          ...(place ? [{ type: 'location', destination: place }] : []),
        ],
      };
      break;
    case 'production':
    case 'split':
    case 'merge':
      ev = {
        ...base,
        type: 'TransformationEvent',
        inputQuantityList: qty('in'),
        outputQuantityList: qty('out'),
        bizStep: e.kind === 'production' ? 'commissioning' : 'repackaging',
        disposition: 'active',
        ...(place && { readPoint: { id: place }, bizLocation: { id: place } }),
        ...(rec && { bizTransactionList: transactions(rec, recordUri, 'prodorder') }),
      };
      break;
    case 'dispatch':
      ev = {
        ...base,
        quantityList: qty('in'),
        action: 'OBSERVE',
        bizStep: 'shipping',
        disposition: 'in_transit',
        ...(place && { readPoint: { id: place } }),
        bizTransactionList: transactions(rec, recordUri, 'desadv'),
        sourceList: [
          { type: 'owning_party', source: org },
          ...(place ? [{ type: 'location', source: place }] : []),
        ],
        destinationList: rec?.party_code
          ? [{ type: 'owning_party', destination: `${org}/customer/${encodeURIComponent(rec.party_code)}` }]
          : [],
      };
      break;
    case 'delivery':
      ev = {
        ...base,
        quantityList: received(qty('in'), rec?.received_kg ?? null),
        action: 'OBSERVE',
        bizStep: 'receiving',
        disposition: 'in_progress',
        bizTransactionList: transactions(rec, recordUri, 'desadv'),
        sourceList: [{ type: 'owning_party', source: org }],
        destinationList: rec?.party_code
          ? [{ type: 'owning_party', destination: `${org}/customer/${encodeURIComponent(rec.party_code)}` }]
          : [],
      };
      break;
  }
  for (const k of Object.keys(ev))
    if (Array.isArray(ev[k]) && (ev[k] as unknown[]).length === 0) delete ev[k];
  const hash = eventHash(ev);
  const out: Record<string, unknown> = { ...ev, eventID: hash };
  if (e.voided_at) {
    out.errorDeclaration = { declarationTime: new Date(e.voided_at).toISOString(), reason: 'incorrect_data' };
  }
  return out;
}

/** The record's number (and its delivery receipt and order), typed as CBV business transactions. */
function transactions(rec: RecordRow | undefined, uri: (n: string) => string, type: string) {
  if (!rec) return [];
  const list = [{ type, bizTransaction: uri(rec.receipt_no ?? rec.number) }];
  if (rec.receipt_no) list.push({ type: 'bol', bizTransaction: uri(rec.number) });
  if (rec.order_number) list.push({ type: 'po', bizTransaction: uri(rec.order_number) });
  return list;
}

/**
 * What the customer signed for, per lot: the received kg apportioned by the shipped kg, to the gram,
 * the grams rounding leaves going to the largest remainders (the lineage's rule).
 */
export function received(shipped: Quantity[], receivedKg: string | null): Quantity[] {
  if (receivedKg === null || shipped.length === 0) return shipped;
  const grams = shipped.map((q) => toUnits(String(q.quantity), 3));
  const total = grams.reduce((s, g) => s + g, 0n);
  const target = toUnits(receivedKg, 3);
  if (total === 0n) return shipped;
  const parts = apportion(
    grams.map((g) => ({ n: g * target, d: total })),
    target,
  );
  return shipped.map((q, i) => ({ ...q, quantity: Number(formatUnits(parts[i] ?? 0n, 3)) }));
}
