// Test helper (not imported by app code): a real record log, signed with a throwaway Ed25519 key from
// node:crypto and built only with @plastrace/verify's own generation functions, as the server builds it
// — so the pages' verification runs for real against it. `handlers` serves it as /api/log does.
import { generateKeyPairSync, sign } from 'node:crypto';
import {
  consistencyProofSchema,
  inclusionProofSchema,
  logBundleSchema,
  logCheckpointSchema,
  logHistorySchema,
  logLeafSchema,
  logPublicKeySchema,
} from '@plastrace/shared';
import {
  checkpointBody,
  consistencyProof as consistencyProofOf,
  createBundle,
  entryLeafHash,
  formatNote,
  inclusionProof as inclusionProofOf,
  keyId,
  type LogEntry,
  rootOf,
  snapshotDigest,
  toBase64,
  verifierKey,
} from '@plastrace/verify';
import type { z } from 'zod';
import { type Handler, json, wireUser } from '../../test/fakeApi.ts';
import { errorWire, wire } from '../../test/wire.ts';

export const ORIGIN = 'plastrace.test/records';
export const ORG_ID = wireUser.organization.id;
export const RR_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6010';
export const LOT_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6020';
export const OTHER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6099';
const FACILITY_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6002';
const PET_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6003';

export interface TestSigner {
  name: string;
  vkey: string;
  sign(body: string): Uint8Array;
  keyId: string;
}

export async function makeSigner(name = ORIGIN): Promise<TestSigner> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url'));
  return {
    name,
    vkey: await verifierKey(name, raw),
    keyId: await keyId(name, raw),
    sign: (body) => new Uint8Array(sign(null, Buffer.from(body, 'utf8'), privateKey)),
  };
}

/** A posted receive record's public snapshot, as log_receive_record_snapshot writes it. */
export const receiveSnapshot = (over: Record<string, unknown> = {}) => ({
  type: 'receive_record',
  id: RR_ID,
  number: 'RR-2026-000123',
  status: 'posted',
  organization_id: ORG_ID,
  facility_id: FACILITY_ID,
  received_at: '2026-11-26T01:30:00.000Z',
  posted_at: '2026-11-26T01:45:00.000Z',
  voided_at: null,
  lines: [
    { line_no: 1, material_id: PET_ID, net_kg: '1250.500', lot_id: LOT_ID, lot_code: 'MNL1-261126-0001' },
  ],
  total_net_kg: '1250.500',
  labels: {
    organization: 'EcoPlast Recycling Inc.',
    facility: 'MNL1 · Manila MRF',
    supplier_type: 'junkshop',
    materials: { [PET_ID]: 'PET-BTL · PET bottles' },
  },
  ...over,
});

/** The lot that posting made, as log_lot_snapshot writes it. */
export const lotSnapshot = () => ({
  type: 'lot',
  id: LOT_ID,
  code: 'MNL1-261126-0001',
  organization_id: ORG_ID,
  material_id: PET_ID,
  facility_id: FACILITY_ID,
  created_at: '2026-11-26T01:45:00.000Z',
  origin: { type: 'receive_record', id: RR_ID, number: 'RR-2026-000123' },
  initial_kg: '1250.500',
  labels: {
    organization: 'EcoPlast Recycling Inc.',
    facility: 'MNL1 · Manila MRF',
    material: 'PET-BTL · PET bottles',
  },
});

export const RUN_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6030';
export const DISPATCH_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6040';

/** A posted sorting run, as log_production_record_snapshot writes it. */
export const productionSnapshot = () => ({
  type: 'production_record',
  id: RUN_ID,
  number: 'PR-2026-000007',
  status: 'posted',
  organization_id: ORG_ID,
  facility_id: FACILITY_ID,
  process: 'sorting',
  started_at: '2026-11-26T02:00:00.000Z',
  ended_at: '2026-11-26T04:00:00.000Z',
  posted_at: '2026-11-26T04:05:00.000Z',
  voided_at: null,
  inputs: [{ line_no: 1, lot_id: LOT_ID, lot_code: 'MNL1-261126-0001', kg: '1250.500' }],
  outputs: [
    { line_no: 1, material_id: PET_ID, kg: '1200.000', lot_id: OTHER_ID, lot_code: 'MNL1-261126-0002' },
  ],
  losses: [{ line_no: 1, kind: 'contamination', fate: 'landfill', kg: '50.500', lot_id: null }],
  labels: {
    organization: 'EcoPlast Recycling Inc.',
    facility: 'MNL1 · Manila MRF',
    materials: { [PET_ID]: 'PET-FLK · PET flakes' },
  },
});

/** A delivered dispatch, as log_dispatch_record_snapshot writes it. */
export const dispatchSnapshot = () => ({
  type: 'dispatch_record',
  id: DISPATCH_ID,
  number: 'DS-2026-000004',
  delivery_receipt_no: 'DR-2026-000003',
  status: 'posted',
  organization_id: ORG_ID,
  facility_id: FACILITY_ID,
  dispatched_at: '2026-11-27T01:00:00.000Z',
  posted_at: '2026-11-27T01:10:00.000Z',
  voided_at: null,
  net_kg: '1000.000',
  total_kg: '1000.000',
  seal_numbers: ['S-1', 'S-2'],
  lines: [{ line_no: 1, lot_id: OTHER_ID, lot_code: 'MNL1-261126-0002', kg: '1000.000' }],
  delivered_at: '2026-11-27T07:00:00.000Z',
  received_kg: '997.000',
  discrepancy_kg: '3.000',
  discrepancy_status: 'open',
  labels: {
    organization: 'EcoPlast Recycling Inc.',
    facility: 'MNL1 · Manila MRF',
    customer_type: 'converter',
  },
});

export interface Change {
  snapshot: Record<string, unknown>;
  version: number;
  event: string;
  /** Placed in the tree (false: still queued, index null). */
  placed?: boolean;
}

const fillerSnapshot = (i: number) => ({
  type: 'lot',
  id: `0190a1b2-c3d4-7e5f-8a9b-${(0x700000 + i).toString(16).padStart(12, '0')}`,
  code: `FILLER-${i}`,
});

/** The usual log: the delivery posted (leaf 0), its lot (leaf 1), two others, then the delivery voided (leaf 4). */
export const usualChanges = (): Change[] => [
  { snapshot: receiveSnapshot(), version: 2, event: 'posted' },
  { snapshot: lotSnapshot(), version: 1, event: 'created' },
  { snapshot: fillerSnapshot(2), version: 1, event: 'created' },
  { snapshot: fillerSnapshot(3), version: 1, event: 'created' },
  {
    snapshot: receiveSnapshot({ status: 'voided', voided_at: '2026-11-26T03:00:00.000Z' }),
    version: 3,
    event: 'voided',
  },
];

export const checkpointTime = (size: number) => `2026-11-26T0${Math.min(size, 9)}:00:00.000Z`;

export async function makeTestLog(
  changes: Change[] = usualChanges(),
  { signer, checkpointSizes }: { signer?: TestSigner; checkpointSizes?: number[] } = {},
) {
  const s = signer ?? (await makeSigner());
  const entries: LogEntry[] = await Promise.all(
    changes.map(async (c, i) => ({
      organization: ORG_ID,
      type: String(c.snapshot.type),
      id: String(c.snapshot.id),
      version: c.version,
      event: c.event,
      logged_at: `2026-11-26T05:00:${String(i).padStart(2, '0')}.123Z`,
      snapshot_sha256: await snapshotDigest(c.snapshot),
    })),
  );
  const placed = changes.filter((c) => c.placed !== false).length;
  const leafBytes = await Promise.all(entries.slice(0, placed).map(entryLeafHash));
  const leaves = leafBytes.map(toBase64);
  const sizes = checkpointSizes ?? [placed];

  const checkpointAt = async (size: number) => {
    const root = await rootOf(leafBytes.slice(0, size));
    const body = checkpointBody(s.name, size, root);
    const note = formatNote(body, [{ name: s.name, keyId: s.keyId, signature: s.sign(body) }]);
    return wire(logCheckpointSchema, {
      tree_size: size,
      root_hash: toBase64(root),
      note,
      created_at: checkpointTime(size),
    });
  };
  const checkpoints = await Promise.all(sizes.map(checkpointAt));
  const latest = checkpoints.at(-1) as z.output<typeof logCheckpointSchema>;

  const inclusion = async (index: number, size = latest.tree_size) =>
    wire(inclusionProofSchema, {
      index,
      tree_size: size,
      proof: (await inclusionProofOf(leafBytes.slice(0, size), index)).map(toBase64),
    });
  const consistency = async (from: number, to = latest.tree_size) =>
    wire(consistencyProofSchema, {
      from,
      to,
      proof: (await consistencyProofOf(leafBytes, from, to)).map(toBase64),
    });
  /** The bundle of a version of the record (its latest when left out), under the latest checkpoint. */
  const bundleFor = async (id: string, version?: number) => {
    const i = entries.findLastIndex((e) => e.id === id && (version === undefined || e.version === version));
    const entry = entries[i] as LogEntry;
    return wire(
      logBundleSchema,
      createBundle({
        entry,
        snapshot: changes[i]?.snapshot as Record<string, unknown>,
        index: i,
        treeSize: latest.tree_size,
        proof: await inclusionProofOf(leafBytes.slice(0, latest.tree_size), i),
        checkpoint: latest.note,
      }),
    );
  };
  const historyOf = (id: string, currentMatches = true) =>
    wire(logHistorySchema, {
      current_matches: currentMatches,
      items: entries.flatMap((entry, i) =>
        entry.id === id ? [{ index: i < placed ? i : null, leaf_hash: leaves[i] ?? null, entry }] : [],
      ),
    });

  const query = (url: string) => new URL(url, 'http://test').searchParams;
  const notFound = (what: string) => () =>
    Response.json(
      wire(errorWire, { code: 'not_found', message: `${what} not found`, error: `${what} not found` }),
      {
        status: 404,
      },
    );

  /** /api/log as the server answers it, for fakeApi. */
  const handlers = async (): Promise<Record<string, Handler>> => {
    const ids = [...new Set(entries.map((e) => e.id))];
    const records: Record<string, Handler> = {};
    for (const id of ids) {
      const queued = entries.findLastIndex((e) => e.id === id) >= placed;
      records[`GET /api/log/records/${id}`] = queued
        ? () =>
            Response.json(
              wire(errorWire, {
                code: 'conflict',
                message: 'Its latest change is being added to the log: try again in a second',
                error: 'Its latest change is being added to the log: try again in a second',
              }),
              { status: 409 },
            )
        : json(await bundleFor(id));
      records[`GET /api/log/records/${id}/history`] = json(historyOf(id));
      for (const [i, e] of entries.entries())
        if (e.id === id && i < placed)
          records[`GET /api/log/records/${id}/versions/${e.version}`] = json(await bundleFor(id, e.version));
    }
    // A leaf as the public listing gives it: its hash, the kind of record and change, and when.
    const leafOf = (index: number, leaf_hash: string) => {
      const e = entries[index] as LogEntry;
      return { index, leaf_hash, type: e.type, event: e.event, logged_at: e.logged_at };
    };
    return {
      'GET /api/log/public-key': json(
        wire(logPublicKeySchema, { origin: s.name, key: s.vkey, algorithm: 'Ed25519' }),
      ),
      'GET /api/log/checkpoint': json(latest),
      'GET /api/log/checkpoints': ({ url }) => {
        const q = query(url);
        const before = q.has('before') ? Number(q.get('before')) : Number.POSITIVE_INFINITY;
        const limit = Number(q.get('limit') ?? 20);
        const items = [...checkpoints].reverse().filter((c) => c.tree_size < before);
        return Response.json({ items: items.slice(0, limit) });
      },
      'GET /api/log/entries': ({ url }) => {
        const q = query(url);
        const start = Number(q.get('start'));
        const end = Math.min(Number(q.get('end') ?? latest.tree_size), latest.tree_size);
        const items = leaves
          .slice(start, end)
          .map((leaf_hash, i) => wire(logLeafSchema, leafOf(start + i, leaf_hash)));
        return Response.json({ tree_size: latest.tree_size, items });
      },
      'GET /api/log/leaf': (request) => {
        const q = query(request.url);
        const index = q.has('hash') ? leaves.indexOf(q.get('hash') ?? '') : Number(q.get('index'));
        const leaf_hash = leaves[index];
        return leaf_hash && index < latest.tree_size
          ? Response.json(wire(logLeafSchema, leafOf(index, leaf_hash)))
          : notFound('Leaf')();
      },
      'GET /api/log/proofs/inclusion': async ({ url }) => {
        const q = query(url);
        return Response.json(
          await inclusion(Number(q.get('index')), Number(q.get('tree_size') ?? latest.tree_size)),
        );
      },
      'GET /api/log/proofs/consistency': async ({ url }) => {
        const q = query(url);
        return Response.json(
          await consistency(Number(q.get('from')), Number(q.get('to') ?? latest.tree_size)),
        );
      },
      ...records,
    };
  };

  return {
    signer: s,
    key: s.vkey,
    entries,
    leaves,
    checkpoints,
    latest,
    inclusion,
    consistency,
    bundleFor,
    historyOf,
    handlers,
  };
}

export type TestLog = Awaited<ReturnType<typeof makeTestLog>>;

/** What /api/log answers while nothing has been logged. */
export const emptyLogHandlers = (): Record<string, Handler> => ({
  'GET /api/log/checkpoint': () =>
    Response.json(
      wire(errorWire, {
        code: 'not_found',
        message: 'The log is empty: nothing has been posted yet',
        error: 'The log is empty: nothing has been posted yet',
      }),
      { status: 404 },
    ),
  'GET /api/log/checkpoints': json({ items: [] }),
});

export type Checkpoint = z.output<typeof logCheckpointSchema>;
