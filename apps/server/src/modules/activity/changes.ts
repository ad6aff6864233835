import type { Db, Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import { audit } from '../security/security.repo.ts';
import { insertEntry } from './activity.repo.ts';

type ChangeType = 'CREATE_RECORD' | 'UPDATE_RECORD' | 'DELETE_RECORD';

export type Change = {
  type: ChangeType;
  /** e.g. facility, supplier, receive_record */
  entityType: string;
  entityId: string;
  /** One line a person reads in the activity log, e.g. "Created facility MNL1 (Valenzuela Plant)". */
  description: string;
  before?: unknown;
  after?: unknown;
  /** PHP moved by this change (a posted receipt's payable), as a decimal string. */
  amount?: string;
  referenceId?: string;
};

const ACTION: Record<ChangeType, string> = {
  CREATE_RECORD: 'created',
  UPDATE_RECORD: 'updated',
  DELETE_RECORD: 'deleted',
};

/** Every mutation writes the audit trail (before/after) and an activity-log entry, in the caller's transaction. */
export async function logChange(tx: Tx, caller: Caller, c: Change): Promise<void> {
  await audit(tx, {
    organizationId: caller.organizationId,
    actorUserId: caller.userId,
    action: `${c.entityType}.${ACTION[c.type]}`,
    entityType: c.entityType,
    entityId: c.entityId,
    before: c.before,
    after: c.after,
  });
  await insertEntry(tx, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    transactionType: c.type,
    description: c.description,
    amount: c.amount ?? '0',
    referenceId: c.referenceId ?? c.entityId,
    metadata: { recordType: c.entityType },
  });
}

/** An export is logged as EXPORT_DATA with what and how much was exported. */
export async function logExport(
  db: Db | Tx,
  caller: Caller,
  e: { dataType: string; format: 'csv' | 'xlsx'; recordCount: number; parameters?: Record<string, unknown> },
): Promise<void> {
  await insertEntry(db, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    transactionType: 'EXPORT_DATA',
    description: `Exported ${e.recordCount} ${e.dataType.replaceAll('_', ' ')}`,
    metadata: {
      dataType: e.dataType,
      format: e.format,
      recordCount: e.recordCount,
      parameters: e.parameters ?? {},
    },
  });
}
