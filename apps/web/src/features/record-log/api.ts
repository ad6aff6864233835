import type {
  consistencyProofSchema,
  inclusionProofSchema,
  LogBundle,
  logCheckpointSchema,
  logHistorySchema,
  logLeafSchema,
  logPublicKeySchema,
} from '@plastrace/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { isConflict } from '../../components/common/apiErrors.ts';
import type { Lot } from '../lots/api.ts';
import type { Page } from '../team/api.ts';

// The record log's public reads (/api/log, no session needed). Their answers are kept exactly as sent,
// snake_case and all: a bundle's snapshot and entry are hashed as they are, so renaming a key would make
// a true record fail its verification (the same reason the OpenAPI document is read raw).

type Raw<S extends { _output: unknown }> = S['_output'];
export type LogPublicKey = Raw<typeof logPublicKeySchema>;
export type LogCheckpoint = Raw<typeof logCheckpointSchema>;
export type LogLeaf = Raw<typeof logLeafSchema>;
export type LogHistory = Raw<typeof logHistorySchema>;
export type LogHistoryItem = LogHistory['items'][number];
export type InclusionProof = Raw<typeof inclusionProofSchema>;
export type ConsistencyProof = Raw<typeof consistencyProofSchema>;
export type { LogBundle };

export const recordLogKey = ['record-log'] as const;

const read = <T>(path: string, signal?: AbortSignal, query?: Record<string, string | number | undefined>) =>
  api.get<T>(path, { signal, query, auth: false, rawResponseBody: true });

/** The key checkpoints are signed with; it does not change while the page is open. */
export function useLogKey(enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...recordLogKey, 'public-key'],
    queryFn: ({ signal }) => read<LogPublicKey>('/log/public-key', signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The latest signed checkpoint; a 404 means nothing has been logged yet. */
export function useLatestCheckpoint() {
  return useQuery({
    queryKey: [...recordLogKey, 'checkpoint'],
    queryFn: ({ signal }) => read<LogCheckpoint>('/log/checkpoint', signal),
  });
}

export const CHECKPOINTS_PAGE = 20;

/** Checkpoints newest first, a page at a time (keyset on the tree size). */
export function useCheckpoints(enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...recordLogKey, 'checkpoints'],
    queryFn: ({ pageParam, signal }) =>
      read<{ items: LogCheckpoint[] }>('/log/checkpoints', signal, {
        before: pageParam,
        limit: CHECKPOINTS_PAGE,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.items.length === CHECKPOINTS_PAGE ? last.items.at(-1)?.tree_size : undefined,
  });
}

/**
 * The checkpoint of exactly this tree size, when the log still lists it (a bundle carries only the
 * signed note, which has no time).
 */
export function useCheckpointOfSize(treeSize: number | undefined) {
  return useQuery({
    enabled: treeSize !== undefined,
    queryKey: [...recordLogKey, 'checkpoint-of', treeSize],
    queryFn: async ({ signal }) => {
      const { items } = await read<{ items: LogCheckpoint[] }>('/log/checkpoints', signal, {
        before: (treeSize ?? 0) + 1,
        limit: 1,
      });
      return items.find((c) => c.tree_size === treeSize) ?? null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const LATEST_LEAVES = 20;

/** The last leaves of the tree of `treeSize`, newest first. */
export function useLatestLeaves(treeSize: number | undefined) {
  return useQuery({
    enabled: treeSize !== undefined,
    queryKey: [...recordLogKey, 'leaves', treeSize],
    queryFn: async ({ signal }) => {
      const size = treeSize ?? 0;
      const page = await read<{ tree_size: number; items: LogLeaf[] }>('/log/entries', signal, {
        start: Math.max(0, size - LATEST_LEAVES),
        end: size,
      });
      return [...page.items].reverse();
    },
  });
}

export type LeafRef = { index: number } | { hash: string };

/** One leaf by its index or its hash. */
export function useLeaf(ref: LeafRef | null) {
  return useQuery({
    enabled: ref !== null,
    queryKey: [...recordLogKey, 'leaf', ref],
    queryFn: ({ signal }) =>
      read<LogLeaf>('/log/leaf', signal, ref && 'hash' in ref ? { hash: ref.hash } : { index: ref?.index }),
  });
}

export const fetchInclusionProof = (index: number, treeSize: number, signal?: AbortSignal) =>
  read<InclusionProof>('/log/proofs/inclusion', signal, { index, tree_size: treeSize });

export function useInclusionProof(index: number | undefined, treeSize: number | undefined) {
  return useQuery({
    enabled: index !== undefined && treeSize !== undefined,
    queryKey: [...recordLogKey, 'inclusion', index, treeSize],
    queryFn: ({ signal }) => fetchInclusionProof(index ?? 0, treeSize ?? 0, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConsistencyProof(from: number | undefined, to: number | undefined) {
  return useQuery({
    enabled: from !== undefined && to !== undefined,
    queryKey: [...recordLogKey, 'consistency', from, to],
    queryFn: ({ signal }) => read<ConsistencyProof>('/log/proofs/consistency', signal, { from, to }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** How often, and how far apart, a bundle is asked again while the record's change is being logged. */
export const BUNDLE_ATTEMPTS = 4;
export const BUNDLE_RETRY_MS = 750;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * The verification bundle of a record's logged version (its latest when `version` is left out). A change
 * made less than a second ago answers 409 while the sequencer places it: asked again a few times, then
 * the 409 is the answer.
 */
export async function fetchBundle(id: string, signal?: AbortSignal, version?: number): Promise<LogBundle> {
  const path = `/log/records/${encodeURIComponent(id)}${version === undefined ? '' : `/versions/${version}`}`;
  for (let attempt = 1; ; attempt++) {
    try {
      return await read<LogBundle>(path, signal);
    } catch (error) {
      if (!isConflict(error) || attempt >= BUNDLE_ATTEMPTS) throw error;
      await pause(BUNDLE_RETRY_MS, signal);
    }
  }
}

export function useRecordBundle(id: string, version?: number) {
  return useQuery({
    enabled: id !== '',
    queryKey: [...recordLogKey, 'bundle', id, version ?? 'latest'],
    queryFn: ({ signal }) => fetchBundle(id, signal, version),
  });
}

/** Every logged version of a record, oldest first. */
export function useRecordHistory(id: string) {
  return useQuery({
    enabled: id !== '',
    queryKey: [...recordLogKey, 'history', id],
    queryFn: ({ signal }) => read<LogHistory>(`/log/records/${encodeURIComponent(id)}/history`, signal),
  });
}

/** A lot of the member's organization by its exact code (the lots list searches codes, among others). */
export async function findLotByCode(code: string, signal?: AbortSignal): Promise<Lot | null> {
  const page = await api.get<Page<Lot>>('/lots', { signal, query: { q: code, limit: 20 } });
  const wanted = code.trim().toLowerCase();
  return page.items.find((lot) => lot.code.toLowerCase() === wanted) ?? null;
}
