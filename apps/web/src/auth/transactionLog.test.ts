import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../api/csrf.ts';
import { fakeApi, json, networkDown, storeSession } from '../test/fakeApi.ts';
import { createdIdSchema, wire } from '../test/wire.ts';
import { sessionStore } from './sessionStore.ts';
import { TransactionLog, type TransactionLogEntry } from './transactionLog.ts';

const logged = json(wire(createdIdSchema, { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c99' }), 201);

const entry = (n: number) => ({
  userId: 'user-1',
  transactionType: 'CREATE_RECORD' as const,
  description: `Record ${n}`,
});

describe('TransactionLog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.reset();
  });

  it('POSTs each entry to /api/dashboard/user-transactions in snake_case with the fixed values', async () => {
    storeSession('token-1');
    sessionStore.restore();
    setCsrfToken('held');
    const server = fakeApi({ 'POST /api/dashboard/user-transactions': logged });
    const log = new TransactionLog();

    log.log({
      userId: 'user-1',
      transactionType: 'EXPORT_DATA',
      description: 'Exported receive records',
      referenceId: 'rec-9',
      metadata: { dataType: 'receive_records', format: 'csv', recordCount: 12 },
    });
    await log.flush();

    const [request] = server.calls('POST', '/api/dashboard/user-transactions');
    expect(request?.body).toEqual({
      user_id: 'user-1',
      transaction_type: 'EXPORT_DATA',
      description: 'Exported receive records',
      amount: 0,
      currency: 'PHP',
      status: 'Completed',
      reference_id: 'rec-9',
      payment_method: 'System',
      metadata: { dataType: 'receive_records', format: 'csv', recordCount: 12 },
    });
    expect(request?.headers.authorization).toBe('Bearer token-1');
    expect(request?.headers['x-csrf-token']).toBe('held');
  });

  it('skips an entry without a user id, with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const log = new TransactionLog(vi.fn());

    log.log({ ...entry(1), userId: '   ' });
    log.log({ ...entry(2), userId: undefined });

    expect(log.size).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('flushes every 5 seconds, one entry at a time', async () => {
    const sent: string[] = [];
    const log = new TransactionLog(async (e: TransactionLogEntry) => {
      sent.push(e.description);
    });
    log.start();
    log.log(entry(1));
    log.log(entry(2));

    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['Record 1', 'Record 2']);
    log.stop();
  });

  it('keeps unsent entries across a reload of the page', async () => {
    const sent: string[] = [];
    const before = new TransactionLog(vi.fn(() => new Promise(() => undefined)));
    before.log(entry(1));
    void before.flush(); // in flight when the page goes away
    const after = new TransactionLog(async (e: TransactionLogEntry) => {
      sent.push(e.description);
    });
    expect(after.size).toBe(1);
    await after.flush();
    expect(sent).toEqual(['Record 1']);
    expect(new TransactionLog().size).toBe(0);
  });

  it('flushes at once when 10 entries are queued', async () => {
    const send = vi.fn(() => Promise.resolve());
    const log = new TransactionLog(send);
    for (let n = 1; n <= 9; n++) log.log(entry(n));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).not.toHaveBeenCalled();

    log.log(entry(10));
    await vi.advanceTimersByTimeAsync(0);

    expect(send).toHaveBeenCalledTimes(10);
  });

  it('puts failed entries back and sends them at the next flush', async () => {
    storeSession('token-1');
    sessionStore.restore();
    setCsrfToken('held');
    const server = fakeApi({ 'POST /api/dashboard/user-transactions': networkDown });
    const log = new TransactionLog();
    log.start();
    log.log(entry(1));

    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls('POST', '/api/dashboard/user-transactions')).toHaveLength(1);
    expect(log.size).toBe(1);

    server.on('POST /api/dashboard/user-transactions', logged);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls('POST', '/api/dashboard/user-transactions')).toHaveLength(2);
    expect(log.size).toBe(0);
    log.stop();
  });
});
