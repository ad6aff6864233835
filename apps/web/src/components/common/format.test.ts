import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIn, visitorZone, yearIn } from './datetime.ts';
import { dateTimeFormat, formatClock, formatDate, formatDateTime, prepareDateFormats } from './format.ts';

describe('date formats', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("writes dates in the organization's zone, not the browser's", () => {
    expect(formatDateTime('2026-11-22T06:05:00Z', 'Asia/Manila')).toBe('Nov 22, 2026, 2:05 PM');
    expect(formatDate('2026-11-22T20:00:00Z', 'Asia/Manila')).toBe('Nov 23, 2026');
    expect(formatDateTime(null, 'Asia/Manila')).toBe('—');
    expect(formatDate('not a date', 'Asia/Manila')).toBe('not a date');
  });

  it('builds a zone’s formatters once, ahead of the first date when the browser is idle', () => {
    vi.useFakeTimers();
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    prepareDateFormats('Europe/Berlin');
    expect(built).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(built).toHaveBeenCalledTimes(2);

    formatDateTime('2026-11-22T06:05:00Z', 'Europe/Berlin');
    formatDate('2026-11-22T06:05:00Z', 'Europe/Berlin');
    formatDateTime('2026-11-23T06:05:00Z', 'Europe/Berlin');
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('builds nothing once cancelled', () => {
    vi.useFakeTimers();
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    prepareDateFormats('America/Lima')();
    vi.runAllTimers();
    expect(built).not.toHaveBeenCalled();
  });

  it('writes a clock time on 24 hours in the zone, with or without seconds', () => {
    expect(formatClock('2026-11-22T06:05:09Z', 'Asia/Manila')).toBe('14:05:09');
    expect(formatClock('2026-11-22T16:05:09Z', 'Asia/Manila', false)).toBe('00:05');
    expect(formatClock(undefined, 'Asia/Manila')).toBe('—');
  });

  it('knows the zone’s day and year at an instant: Manila is already in the new year', () => {
    const newYear = new Date('2026-12-31T16:30:00Z');
    expect(todayIn('Asia/Manila', newYear)).toBe('2027-01-01');
    expect(todayIn('UTC', newYear)).toBe('2026-12-31');
    expect(yearIn('Asia/Manila', newYear)).toBe(2027);
    expect(yearIn('America/Lima', newYear)).toBe(2026);
    expect(visitorZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('keeps one formatter per locale and options', () => {
    const options = { timeZone: 'Asia/Tokyo', dateStyle: 'long' } as const;
    expect(dateTimeFormat('en-PH', options)).toBe(dateTimeFormat('en-PH', { ...options }));
    expect(dateTimeFormat('en-PH', options)).not.toBe(dateTimeFormat('en-CA', options));
  });
});
