import { describe, expect, it } from 'vitest';
import { emptyFilters, readFilters, startOfDay, toActivityQuery, writeFilters } from './filters.ts';
import { formatAmount, transactionTypeLabel } from './format.ts';

describe('formatAmount', () => {
  it('formats decimal strings as Philippine pesos', () => {
    expect(formatAmount('1234.5')).toBe('₱1,234.50');
    expect(formatAmount('0.00')).toBe('₱0.00');
    expect(formatAmount('-20')).toBe('-₱20.00');
    expect(formatAmount('999999999999.99')).toBe('₱999,999,999,999.99');
  });

  it('shows a value that is not a number as sent', () => {
    expect(formatAmount('n/a')).toBe('n/a');
  });
});

describe('transactionTypeLabel', () => {
  it('reads like words', () => {
    expect(transactionTypeLabel('UPDATE_SETTINGS')).toBe('Update settings');
    expect(transactionTypeLabel('QR_CODE_DOWNLOAD')).toBe('QR code download');
  });
});

describe('activity filters', () => {
  it('turns calendar days into the organization’s midnights, the end day inclusive', () => {
    const query = toActivityQuery(
      { type: 'LOGIN', memberId: 'u-1', from: '2026-05-01', to: '2026-05-31', q: ' bale ' },
      'Asia/Manila',
    );
    expect(query).toEqual({
      type: 'LOGIN',
      userId: 'u-1',
      from: '2026-05-01T00:00:00+08:00',
      to: '2026-06-01T00:00:00+08:00',
      q: 'bale',
    });
  });

  it('uses the zone’s offset on that day, daylight saving included', () => {
    expect(startOfDay('2026-01-15', 'America/New_York')).toBe('2026-01-15T00:00:00-05:00');
    expect(startOfDay('2026-07-15', 'America/New_York')).toBe('2026-07-15T00:00:00-04:00');
    expect(startOfDay('2026-07-15', 'UTC')).toBe('2026-07-15T00:00:00+00:00');
    expect(startOfDay('2026-07-15', 'Asia/Kolkata')).toBe('2026-07-15T00:00:00+05:30');
  });

  it('sends no dates for a backwards range and nothing for empty filters', () => {
    const backwards = toActivityQuery(
      { ...emptyFilters, from: '2026-05-10', to: '2026-05-01' },
      'Asia/Manila',
    );
    expect(backwards.from).toBeUndefined();
    expect(backwards.to).toBeUndefined();
    expect(toActivityQuery(emptyFilters, 'Asia/Manila')).toEqual({
      type: undefined,
      userId: undefined,
      from: undefined,
      to: undefined,
      q: undefined,
    });
  });

  it('round-trips through the URL and ignores values it does not know', () => {
    const filters = { type: 'EXPORT_DATA' as const, memberId: 'u-2', from: '2026-05-01', to: '', q: 'csv' };
    expect(readFilters(writeFilters(filters))).toEqual(filters);
    expect(readFilters(new URLSearchParams('type=DROP_TABLES&from=yesterday'))).toEqual(emptyFilters);
  });
});
