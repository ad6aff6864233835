import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { csvRows } from '../../lib/csv.ts';
import type { CsvColumn, ExportPage } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logExport } from './changes.ts';

// Exports stream every row of the filter, however many: the rows are read a page at a time with the
// list's own keyset query, inside one read-only REPEATABLE READ transaction (one consistent snapshot,
// as if read at once), and written to the response as they come, so memory holds one page at most.

export type CsvExport<V, K> = {
  filename: string;
  /** For the activity log's EXPORT_DATA entry, e.g. receive_records. */
  dataType: string;
  parameters: Record<string, unknown>;
  columns: CsvColumn<V>[];
  /** One page after `after` (undefined: the first), with the key of its last row if more follow. */
  page: (tx: Tx, after: K | undefined) => Promise<ExportPage<V, K>>;
  /** Rows written before the first page and after the last (a statement's opening and closing balance). */
  before?: (tx: Tx) => Promise<(string | number | null | undefined)[][]>;
  after?: (tx: Tx) => Promise<(string | number | null | undefined)[][]>;
};

function writer(out: PassThrough) {
  return async (chunk: string) => {
    if (out.destroyed) throw new Error('the client went away');
    if (out.write(chunk)) return;
    await new Promise<void>((resolve) => {
      out.once('drain', resolve);
      out.once('close', resolve);
    });
    if (out.destroyed) throw new Error('the client went away');
  };
}

/**
 * Replies with the CSV and streams it. The first page is read before anything is sent, so a refusal
 * (a bad filter, a database error) is still a proper error response; once rows flow, a failure can
 * only cut the download. The export is logged (EXPORT_DATA, with its row count) before the response
 * ends, so no export leaves without its log entry.
 */
export async function streamCsv<V, K>(
  ctx: AppContext,
  caller: Caller,
  reply: FastifyReply,
  e: CsvExport<V, K>,
): Promise<FastifyReply> {
  const out = new PassThrough();
  const write = writer(out);
  const cells = (v: V) => e.columns.map(([, cell]) => cell(v));
  let started: (ok: boolean) => void = () => undefined;
  const firstPage = new Promise<boolean>((resolve) => {
    started = resolve;
  });
  let count = 0;
  const run = ctx.db.transaction(
    async (tx) => {
      const head = [e.columns.map(([header]) => header), ...((await e.before?.(tx)) ?? [])];
      let page = await e.page(tx, undefined);
      started(true);
      await write(csvRows(head));
      for (;;) {
        count += page.rows.length;
        if (page.rows.length) await write(csvRows(page.rows.map(cells)));
        if (page.next === undefined) break;
        page = await e.page(tx, page.next);
      }
      if (e.after) await write(csvRows(await e.after(tx)));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // Before the first page: the error is the request's (the error handler answers it).
  const failed = run.then(
    () => undefined,
    (err: unknown) => err,
  );
  const ok = await Promise.race([firstPage, failed.then(() => false)]);
  if (!ok) throw await failed;
  failed
    .then(async (err) => {
      if (err) throw err;
      await logExport(ctx.db, caller, {
        dataType: e.dataType,
        format: 'csv',
        recordCount: count,
        parameters: e.parameters,
      });
      out.end();
    })
    .catch((err: unknown) => {
      reply.log.error({ err }, 'export failed part-way');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${e.filename}"`)
    .send(out);
}
