import {
  ACTIVITY_LOG_CURRENCY,
  TRANSACTION_QUEUE_FLUSH_MS,
  TRANSACTION_QUEUE_MAX,
  type TransactionType,
} from '@plastrace/shared';
import { api } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';

/** What a caller logs; the rest of the entry has the spec's fixed values (§3). */
export interface TransactionLogInput {
  userId: string | null | undefined;
  transactionType: TransactionType;
  description: string;
  amount?: number;
  referenceId?: string | null;
  /** Free-form; sent with its keys as given (recordType, dataType, …). */
  metadata?: Record<string, unknown>;
}

/** One entry as sent (camelCase here; the client sends snake_case, user_id, transaction_type, …). */
export interface TransactionLogEntry {
  userId: string;
  transactionType: TransactionType;
  description: string;
  amount: number;
  currency: typeof ACTIVITY_LOG_CURRENCY;
  status: 'Completed';
  referenceId: string | null;
  paymentMethod: 'System';
  metadata: Record<string, unknown>;
}

export type SendEntry = (entry: TransactionLogEntry) => Promise<unknown>;

const sendToServer: SendEntry = (entry) => api.post('/dashboard/user-transactions', entry);

// A 4xx other than timeout/rate limit will fail the same way every time; retrying would loop forever.
const isPermanent = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![408, 429].includes(error.status);

/**
 * The activity-log queue (spec §4, §9): entries are POSTed one at a time every 5 s, or at once when
 * 10 are waiting; an entry whose send fails is put back and tried again at the next flush.
 */
export class TransactionLog {
  private queue: TransactionLogEntry[];
  private flushing: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly send: SendEntry;

  constructor(send: SendEntry = sendToServer) {
    this.send = send;
    this.queue = restore();
  }

  get size(): number {
    return this.queue.length;
  }

  log(input: TransactionLogInput): void {
    const userId = input.userId?.trim();
    if (!userId) {
      console.warn(`Activity log entry skipped: no user id (${input.transactionType})`);
      return;
    }
    this.queue.push({
      userId,
      transactionType: input.transactionType,
      description: input.description,
      amount: input.amount ?? 0,
      currency: ACTIVITY_LOG_CURRENCY,
      status: 'Completed',
      referenceId: input.referenceId ?? null,
      paymentMethod: 'System',
      metadata: input.metadata ?? {},
    });
    persist(this.queue);
    if (this.queue.length >= TRANSACTION_QUEUE_MAX) void this.flush();
  }

  /** Sends what is queued; resolves when done. A flush already running is joined, not doubled. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  // An entry leaves the queue only once sent (or refused for good): a failed one keeps its place in
  // front of anything logged meanwhile, and a reload mid-flush loses nothing.
  private async drain(): Promise<void> {
    for (const entry of [...this.queue]) {
      try {
        await this.send(entry);
      } catch (error) {
        if (!isPermanent(error)) continue;
        console.warn('Activity log entry dropped:', error);
      }
      this.queue.splice(this.queue.indexOf(entry), 1);
      persist(this.queue);
    }
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), TRANSACTION_QUEUE_FLUSH_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  clear(): void {
    this.queue = [];
    persist(this.queue);
  }
}

// The queue lives in sessionStorage too, so a reload before the next flush (say, right after sign-in)
// does not lose the LOGIN entry. Per tab, so two tabs never send the same entry.
const QUEUE_KEY = 'plastrace.activityQueue';

function restore(): TransactionLogEntry[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as TransactionLogEntry[]) : [];
  } catch {
    return [];
  }
}

function persist(queue: TransactionLogEntry[]): void {
  try {
    if (queue.length) sessionStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
    else sessionStorage.removeItem(QUEUE_KEY);
  } catch {
    // storage unavailable: the queue still works for this page
  }
}

export const transactionLog = new TransactionLog();
