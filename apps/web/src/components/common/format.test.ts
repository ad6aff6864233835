import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, prepareDateFormats } from './format.ts';

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
});
