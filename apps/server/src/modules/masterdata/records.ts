import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  type CsvColumn,
  exportFilter,
  type ListFilter,
  type ListQuery,
  listFilter,
  type PageWindow,
  sortedPages,
  toSortedPage,
} from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { streamCsv } from '../activity/export.ts';

// The life of a master-data record (facility, supplier, material, …): create with a unique code,
// update with the version read, archive and restore, each change logged (audit + activity) in the
// same transaction. Modules describe their record once as a RecordKind and keep only their own rules.

type Handle = Db | Tx;
type Base = { id: string; code: string; name: string; archivedAt: Date | null };

export type RecordKind<Row extends Base, View, Values extends { code: string }> = {
  /** Audit entity type, e.g. production_line. */
  entityType: string;
  /** The word people read, e.g. "production line". */
  noun: string;
  find: (h: Handle, orgId: string, id: string) => Promise<Row | undefined>;
  insert: (tx: Tx, orgId: string, values: Values) => Promise<string>;
  update: (
    tx: Tx,
    orgId: string,
    id: string,
    version: number | undefined,
    values: Partial<Values> & { archivedAt?: Date | SQL | null },
  ) => Promise<boolean>;
  view: (row: Row) => View;
};

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const label = (r: Base) => `${r.code} (${r.name})`;

/** 400 with per-field messages, as zod's own validation failures look; keys are `body.<field>`. */
export function invalid(fields: Record<string, string>): AppError {
  const body = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`body.${k}`, v]));
  return new AppError('validation_failed', Object.values(fields)[0] ?? 'Some fields are invalid', {
    fields: body,
  });
}

/** The unique (organization, code) constraint turns into 409 instead of a 500. */
async function uniqueCode<T>(noun: string, code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    if (cause?.code === '23505' && cause.constraint?.endsWith('_code_unique'))
      throw new AppError('conflict', `A ${noun} with code ${code} already exists`, {
        fields: { 'body.code': `A ${noun} with code ${code} already exists` },
      });
    throw err;
  }
}

export async function getRecord<Row extends Base, View, Values extends { code: string }>(
  ctx: AppContext,
  caller: Caller,
  kind: RecordKind<Row, View, Values>,
  id: string,
): Promise<View> {
  const row = await kind.find(ctx.db, caller.organizationId, id);
  if (!row) throw notFound(capitalized(kind.noun));
  return kind.view(row);
}

/** Inserts after `check` (references exist and are active) passed, inside one transaction. */
export function createRecord<Row extends Base, View, Values extends { code: string }>(
  ctx: AppContext,
  caller: Caller,
  kind: RecordKind<Row, View, Values>,
  values: Values,
  check?: (tx: Tx) => Promise<void>,
): Promise<View> {
  return ctx.db.transaction(async (tx) => {
    await check?.(tx);
    const id = await uniqueCode(kind.noun, values.code, () => kind.insert(tx, caller.organizationId, values));
    const row = await kind.find(tx, caller.organizationId, id);
    if (!row) throw new Error(`${kind.entityType} ${id} vanished after insert`);
    const after = kind.view(row);
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: kind.entityType,
      entityId: id,
      description: `Created ${kind.noun} ${label(row)}`,
      after,
    });
    return after;
  });
}

const BOOKKEEPING = new Set(['version', 'updated_at']);
/** Wire fields whose values differ, for the activity line ("… : phone, email"). */
function changedFields(before: object, after: object): string[] {
  const a = after as Record<string, unknown>;
  return Object.entries(before)
    .filter(([k, v]) => !BOOKKEEPING.has(k) && JSON.stringify(v) !== JSON.stringify(a[k]))
    .map(([k]) => k);
}

/** Applies `values` if `version` is still current; `check` sees the row as it was. */
export function updateRecord<Row extends Base, View extends object, Values extends { code: string }>(
  ctx: AppContext,
  caller: Caller,
  kind: RecordKind<Row, View, Values>,
  id: string,
  version: number,
  values: Partial<Values>,
  check?: (tx: Tx, before: Row) => Promise<void>,
): Promise<View> {
  return ctx.db.transaction(async (tx) => {
    const before = await kind.find(tx, caller.organizationId, id);
    if (!before) throw notFound(capitalized(kind.noun));
    await check?.(tx, before);
    const updated = await uniqueCode(kind.noun, values.code, () =>
      kind.update(tx, caller.organizationId, id, version, values),
    );
    if (!updated)
      throw new AppError('conflict', `Someone else changed this ${kind.noun}. Reload and try again.`);
    const row = await kind.find(tx, caller.organizationId, id);
    if (!row) throw new Error(`${kind.entityType} ${id} vanished after update`);
    const [was, is] = [kind.view(before), kind.view(row)];
    const fields = changedFields(was, is);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: kind.entityType,
      entityId: id,
      description: `Updated ${kind.noun} ${label(row)}${fields.length ? `: ${fields.join(', ')}` : ''}`,
      before: was,
      after: is,
    });
    return is;
  });
}

/**
 * Archived records leave the lists and cannot be chosen for new records, but stay readable because
 * past records point at them. Archiving twice is a no-op, not an error.
 */
export function setArchived<Row extends Base & { version: number }, View, Values extends { code: string }>(
  ctx: AppContext,
  caller: Caller,
  kind: RecordKind<Row, View, Values>,
  id: string,
  archived: boolean,
): Promise<View> {
  return ctx.db.transaction(async (tx) => {
    const before = await kind.find(tx, caller.organizationId, id);
    if (!before) throw notFound(capitalized(kind.noun));
    if ((before.archivedAt !== null) === archived) return kind.view(before);
    const updated = await kind.update(tx, caller.organizationId, id, before.version, {
      archivedAt: archived ? dbNow : null,
    } as Partial<Values> & { archivedAt: SQL | null });
    if (!updated)
      throw new AppError('conflict', `Someone else changed this ${kind.noun}. Reload and try again.`);
    const row = await kind.find(tx, caller.organizationId, id);
    if (!row) throw new Error(`${kind.entityType} ${id} vanished after update`);
    const after = kind.view(row);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: kind.entityType,
      entityId: id,
      description: `${archived ? 'Archived' : 'Restored'} ${kind.noun} ${label(row)}`,
      before: kind.view(before),
      after,
    });
    return after;
  });
}

/**
 * List, CSV export, read one, archive and restore: the same for every master-data record once the
 * module names its repo's list query, its filters and its CSV columns.
 */
export function recordReads<
  Row extends Base & { version: number },
  View,
  Values extends { code: string },
  Q extends ListQuery,
  F extends object,
>(
  kind: RecordKind<Row, View, Values>,
  o: {
    /** e.g. "production lines": messages, and the export's data type (production_lines). */
    plural: string;
    list: (db: Handle, orgId: string, f: ListFilter & F) => Promise<(Row & { sortValue: string })[]>;
    filters: (q: Omit<Q, 'limit' | 'cursor'>) => F;
    csv: CsvColumn<View>[];
  },
) {
  return {
    async list(ctx: AppContext, caller: Caller, q: Q) {
      const rows = await o.list(ctx.db, caller.organizationId, { ...listFilter(q), ...o.filters(q) });
      return toSortedPage(rows, q.limit, q.sort, kind.view);
    },
    exportCsv(ctx: AppContext, caller: Caller, q: Omit<Q, 'limit' | 'cursor'>, reply: FastifyReply) {
      const filter = { ...exportFilter(q), ...o.filters(q) };
      return streamCsv(ctx, caller, reply, {
        filename: `${o.plural.replaceAll(' ', '-')}.csv`,
        dataType: o.plural.replaceAll(' ', '_'),
        parameters: q,
        columns: o.csv,
        page: sortedPages(
          (tx: Tx, page: PageWindow) => o.list(tx, caller.organizationId, { ...filter, ...page }),
          kind.view,
        ),
      });
    },
    get(ctx: AppContext, caller: Caller, id: string) {
      return getRecord(ctx, caller, kind, id);
    },
    setArchived(ctx: AppContext, caller: Caller, id: string, archived: boolean) {
      return setArchived(ctx, caller, kind, id, archived);
    },
  };
}

type VersionedTable = PgTable & {
  id: PgColumn;
  organizationId: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

/**
 * The one UPDATE of every master-data repo: bumps version and updated_at, and matches the version read
 * (when given) so a stale write changes nothing and reports false.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Tx,
  table: T,
  orgId: string,
  id: string,
  version: number | undefined,
  values: PgUpdateSetSource<T>,
): Promise<boolean> {
  const rows = await tx
    .update(table)
    .set({ ...values, updatedAt: dbNow, version: sql`${table.version} + 1` } as PgUpdateSetSource<T>)
    .where(
      and(
        eq(table.organizationId, orgId),
        eq(table.id, id),
        version === undefined ? undefined : eq(table.version, version),
      ),
    )
    .returning({ id: table.id });
  return rows.length > 0;
}
