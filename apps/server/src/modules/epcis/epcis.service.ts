import { randomUUID } from 'node:crypto';
import {
  type EpcisCaptureResult,
  type EpcisEventsQuery,
  parseLotDigitalLink,
  TRACE_MAX_DEPTH,
} from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, encodeCursor, invalidCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { traceLot } from '../trace/trace.service.ts';
import * as repo from './epcis.repo.ts';
import { eventHash, namespacesOf } from './event-hash.ts';
import { buildEvent, DOCUMENT_CONTEXT } from './events.ts';
import { checkDocument, eventsOf } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** CBV business steps our events use, and the kinds of event each is. */
const KINDS_BY_STEP: Record<string, repo.EventKind[]> = {
  receiving: ['receipt', 'delivery'],
  commissioning: ['production'],
  repackaging: ['split', 'merge'],
  shipping: ['dispatch'],
};

/** `receiving`, `https://ref.gs1.org/cbv/BizStep-receiving` or `urn:epcglobal:cbv:bizstep:receiving`. */
export function bareBizStep(step: string): string {
  const m = /(?:BizStep-|bizstep:)([a-z_]+)$/i.exec(step);
  return (m?.[1] ?? step).toLowerCase();
}

/** The filter's lots, facility and kinds; null when a named thing is not ours (no events, not an error). */
async function filterOf(ctx: AppContext, caller: Caller, q: EpcisEventsQuery, slug: string) {
  const db = ctx.db;
  const orgId = caller.organizationId;
  const f: repo.EventFilter = { from: q.GE_eventTime, before: q.LT_eventTime };
  if (q.EQ_bizStep) f.kinds = KINDS_BY_STEP[bareBizStep(q.EQ_bizStep)] ?? [];
  const lotSets: string[][] = [];
  if (q.lot) {
    const found = UUID.test(q.lot)
      ? await repo.lotsById(db, orgId, [q.lot])
      : await repo.lotsByCode(db, orgId, [q.lot.toUpperCase()]);
    lotSets.push(found.map((l) => l.id));
  }
  if (q.MATCH_anyEPCClass)
    lotSets.push((await lotsNamed(ctx, orgId, slug, [q.MATCH_anyEPCClass])).map((l) => l.id));
  if (q.trace) {
    const t = await traceLot(ctx, caller, q.trace, { direction: q.direction, depth: TRACE_MAX_DEPTH });
    lotSets.push(t.lots.map((l) => l.id));
  }
  if (lotSets.length) {
    // Several lot filters narrow one another.
    f.lotIds = lotSets.reduce((a, b) => a.filter((id) => b.includes(id)));
  }
  if (q.EQ_bizLocation) {
    const loc = q.EQ_bizLocation;
    const code = /\/o\/[^/]+\/facility\/([^/?#]+)$/.exec(loc)?.[1];
    const found = await repo.facilities(
      db,
      orgId,
      UUID.test(loc) ? [loc] : [],
      code ? [decodeURIComponent(code)] : [],
    );
    f.facilityId = found[0]?.id ?? '00000000-0000-0000-0000-000000000000';
  }
  return f;
}

/** One page of the organization's events as an EPCIS 2.0 document, and the next page's token. */
export async function exportEvents(ctx: AppContext, caller: Caller, q: EpcisEventsQuery) {
  const orgId = caller.organizationId;
  const org = await repo.organization(ctx.db, orgId);
  if (!org) throw notFound('Organization');
  const f = await filterOf(ctx, caller, q, org.slug);
  if (q.nextPageToken) {
    const [at, key, filter] = decodeCursor(q.nextPageToken, ['instant', 'text', 'text']) ?? [];
    // A token answers the query it was made for: another filter would skip or repeat events.
    if (filter !== filterKey(q)) throw invalidCursor('nextPageToken belongs to another query');
    if (at === undefined || key === undefined) throw invalidCursor();
    f.after = [at, key];
  }
  const rows = await repo.eventPage(ctx.db, orgId, f, q.perPage);
  const { items } = toPage(rows, q.perPage, (r) => [r.at, r.key]);
  const last = items.at(-1);
  const next = rows.length > q.perPage && last ? encodeCursor([last.at, last.key, filterKey(q)]) : null;
  const recordIds = items.filter((e) => e.kind !== 'split' && e.kind !== 'merge').map((e) => e.id);
  const [lines, records] = await Promise.all([
    repo.lines(ctx.db, orgId, items),
    repo.records(ctx.db, orgId, recordIds),
  ]);
  const facilityIds = [...new Set(items.flatMap((e) => (e.facility_id ? [e.facility_id] : [])))];
  const [lots, facilities] = await Promise.all([
    repo.lotsById(ctx.db, orgId, [...new Set(lines.map((l) => l.lot_id))]),
    repo.facilities(ctx.db, orgId, facilityIds),
  ]);
  const page = {
    base: ctx.publicUrl,
    slug: org.slug,
    timeZone: org.time_zone,
    lines,
    records: new Map(records.map((r) => [r.id, r])),
    lots: new Map(lots.map((l) => [l.id, l])),
    facilities: new Map(facilities.map((x) => [x.id, x.code])),
  };
  const document = {
    '@context': DOCUMENT_CONTEXT,
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: new Date().toISOString(),
    epcisBody: { eventList: items.map((e) => buildEvent(e, page)) },
  };
  return { document, nextPageToken: next };
}

const filterKey = (q: EpcisEventsQuery) =>
  JSON.stringify([
    q.GE_eventTime,
    q.LT_eventTime,
    q.EQ_bizStep,
    q.MATCH_anyEPCClass,
    q.lot,
    q.EQ_bizLocation,
    q.trace,
    q.direction,
  ]).slice(0, 500);

/** Our lots an identifier names: our lot URI (our slug) or a GTIN of our materials with the lot's code. */
async function lotsNamed(ctx: AppContext, orgId: string, slug: string, ids: string[]) {
  const parsed = ids.map(parseLotDigitalLink).filter((p) => p !== null);
  const wanted = parsed.filter((p) => p.kind === 'gtin' || p.organizationSlug === slug);
  if (wanted.length === 0) return [];
  const found = await repo.lotsByCode(ctx.db, orgId, [
    ...new Set(wanted.map((p) => p.lotCode.toUpperCase())),
  ]);
  return found.filter((l) =>
    wanted.some((p) => p.lotCode.toUpperCase() === l.code && (p.kind === 'lot' || p.gtin === l.gtin)),
  );
}

/** Every identifier an event names: EPCs, parents, children and the classes of its quantities. */
function identifiersOf(ev: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of ['epcList', 'inputEPCList', 'outputEPCList', 'childEPCs']) {
    const v = ev[k];
    if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.push(x);
  }
  if (typeof ev.parentID === 'string') out.push(ev.parentID);
  for (const k of ['quantityList', 'inputQuantityList', 'outputQuantityList', 'childQuantityList']) {
    const v = ev[k];
    if (Array.isArray(v)) for (const q of v) if (typeof q?.epcClass === 'string') out.push(q.epcClass);
  }
  return out;
}

/** Checks a document against the GS1 schema, storing nothing. */
export function validateDocument(doc: unknown) {
  const c = checkDocument(doc);
  return {
    valid: c.valid,
    events: c.events,
    errors: [
      ...c.documentErrors.map((m) => ({
        index: -1,
        event_id: null,
        path: m.split(': ')[0] ?? '/',
        message: m,
      })),
      ...c.errors,
    ],
  };
}

/**
 * Captures a partner's document, all or nothing: a document the schema refuses is answered with each
 * bad event's errors and nothing is stored; else each event is stored once (by eventID and by hash —
 * the unique constraints decide under concurrent captures) and linked to our lots it names.
 */
export async function capture(ctx: AppContext, caller: Caller, doc: unknown): Promise<EpcisCaptureResult> {
  const check = checkDocument(doc);
  if (!check.valid) {
    const bad = new Set(check.errors.map((e) => e.index)).size;
    throw new AppError(
      'unprocessable',
      bad
        ? `${bad} event${bad === 1 ? '' : 's'} of the document do not match the EPCIS 2.0 schema; nothing was captured`
        : `The document does not match the EPCIS 2.0 schema: ${check.documentErrors.join('; ')}`,
      { events: check.errors, document: check.documentErrors },
    );
  }
  const orgId = caller.organizationId;
  const org = await repo.organization(ctx.db, orgId);
  if (!org) throw notFound('Organization');
  const list = eventsOf(doc) as Record<string, unknown>[];
  const ns = namespacesOf((doc as Record<string, unknown>)['@context']);
  const captureId = randomUUID();
  const lotsOf = await Promise.all(list.map((ev) => lotsNamed(ctx, orgId, org.slug, identifiersOf(ev))));
  const prepared = list.map((ev, index) => {
    const hash = eventHash(ev, ns);
    const eventId = typeof ev.eventID === 'string' ? ev.eventID : hash;
    return { index, ev, hash, eventId, lots: lotsOf[index] ?? [] };
  });
  const stored = await ctx.db.transaction((tx) =>
    repo.insertCaptured(
      tx,
      prepared.map((p) => ({
        organizationId: orgId,
        captureId,
        eventId: p.eventId,
        eventHash: p.hash,
        eventType: String(p.ev.type),
        bizStep: typeof p.ev.bizStep === 'string' ? p.ev.bizStep : null,
        eventTime: new Date(String(p.ev.eventTime)),
        event: p.ev,
        lotIds: p.lots.map((l) => l.id),
        capturedBy: caller.userId,
      })),
    ),
  );
  const isNew = new Set(stored.map((s) => `${s.eventId}\n${s.eventHash}`));
  const events = prepared.map((p) => ({
    index: p.index,
    event_id: p.eventId,
    event_hash: p.hash,
    status: isNew.delete(`${p.eventId}\n${p.hash}`) ? ('captured' as const) : ('duplicate' as const),
    lots: p.lots.map((l) => ({ id: l.id, code: l.code })),
  }));
  const captured = events.filter((e) => e.status === 'captured').length;
  return { capture_id: captureId, captured, duplicates: events.length - captured, events };
}

export async function listCaptured(
  ctx: AppContext,
  caller: Caller,
  q: { limit: number; cursor?: string | undefined; lot_id?: string | undefined },
) {
  const after = decodeCursor(q.cursor, ['instant', 'uuid']);
  const rows = await repo.capturedPage(ctx.db, caller.organizationId, {
    limit: q.limit,
    after,
    lotId: q.lot_id,
  });
  const page = toPage(rows, q.limit, (r) => [r.capturedAtMicro, r.id]);
  const lots = await repo.lotsById(ctx.db, caller.organizationId, [
    ...new Set(page.items.flatMap((r) => r.lotIds)),
  ]);
  const code = new Map(lots.map((l) => [l.id, l.code]));
  return {
    items: page.items.map((r) => ({
      id: r.id,
      capture_id: r.captureId,
      event_id: r.eventId,
      event_hash: r.eventHash,
      event_type: r.eventType,
      biz_step: r.bizStep,
      event_time: r.eventTime.toISOString(),
      captured_at: r.capturedAt.toISOString(),
      lots: r.lotIds.map((id) => ({ id, code: code.get(id) ?? '' })),
    })),
    next_cursor: page.next_cursor,
  };
}
