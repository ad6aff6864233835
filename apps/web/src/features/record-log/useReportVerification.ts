import { useCallback } from 'react';
import { useAuth } from '../../auth/AuthContext.ts';
import { recordTitle, typeWords } from './facts.ts';

export interface VerificationReport {
  ok: boolean;
  reason?: string | undefined;
  /** The record, once its entry could be read (a malformed file names none). */
  record?: { type: string; id: string; snapshot?: unknown; name?: string | undefined } | undefined;
  index?: number | undefined;
  treeSize?: number | undefined;
  /** How it was verified: 'bundle' (the record's proof bundle, fetched) or 'file' (a bundle file). */
  method: 'bundle' | 'file';
}

/** "Verified receive record RR-2026-000123 in the record log (leaf 42 of 120)". */
export function verificationDescription(r: VerificationReport): string {
  const what = !r.record
    ? 'a proof bundle'
    : r.record.name
      ? `${typeWords(r.record.type)} ${r.record.name}`
      : recordTitle(r.record.type, r.record.id, r.record.snapshot);
  const where =
    r.index !== undefined && r.treeSize !== undefined ? ` (leaf ${r.index} of ${r.treeSize})` : '';
  return r.ok
    ? `Verified ${what} in the record log${where}`
    : `Could not verify ${what} in the record log${where}: ${r.reason ?? 'the verification failed'}`;
}

/**
 * Reports a verification to the activity log as BLOCKCHAIN_VERIFY (spec §4), through the client's
 * activity queue as sign-ins are. Signed out (the public pages), there is no one to report it for.
 */
export function useReportVerification() {
  const { user, isAuthenticated, logTransaction } = useAuth();
  const userId = isAuthenticated ? user?.id : undefined;
  return useCallback(
    (r: VerificationReport) => {
      if (!userId) return;
      logTransaction({
        userId,
        transactionType: 'BLOCKCHAIN_VERIFY',
        // The server takes up to 1,000 characters; a reason naming hashes stays well under it.
        description: verificationDescription(r).slice(0, 1000),
        referenceId: r.record?.id ?? null,
        metadata: {
          recordType: r.record?.type ?? null,
          verified: r.ok,
          method: r.method,
          leafIndex: r.index ?? null,
          treeSize: r.treeSize ?? null,
          ...(r.ok ? {} : { reason: r.reason ?? null }),
        },
      });
    },
    [userId, logTransaction],
  );
}
