import {
  ANALYTICS_GROUPS,
  type AnalyticsGroup,
  analyticsDefaultFrom,
  analyticsPeriodStart,
  analyticsRangeIssues,
  shiftDays,
} from '@plastrace/shared';

// The range a page asks for: a preset counted from the organization's today, or days typed in. The
// server applies the same default (twelve months) and refuses what analyticsRangeIssues refuses.

export const RANGE_PRESETS = [
  { value: '12m', label: 'Last 12 months' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'month', label: 'This month' },
  { value: 'year', label: 'This year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];
export const isPreset = (v: string) => RANGE_PRESETS.some((p) => p.value === v);
export const isGroup = (v: string) => (ANALYTICS_GROUPS as readonly string[]).includes(v);

export type Range = { from: string; to: string; problem?: { field: 'from' | 'to'; message: string } };

/** The days of a preset, or the custom days (each defaulting as the server would). */
export function rangeOf(preset: RangePreset, today: string, custom: { from: string; to: string }): Range {
  switch (preset) {
    case '30d':
      return { from: shiftDays(today, -29), to: today };
    case 'month':
      return { from: analyticsPeriodStart(today, 'month'), to: today };
    case 'year':
      return { from: analyticsPeriodStart(today, 'year'), to: today };
    case 'custom': {
      const to = custom.to || today;
      const from = custom.from || analyticsDefaultFrom(to);
      const [issue] = analyticsRangeIssues(from, to);
      return { from, to, problem: issue && { field: issue.path, message: issue.message } };
    }
    default:
      return { from: analyticsDefaultFrom(today), to: today };
  }
}

/** A grouping that suits the preset when none is chosen: days for a month, months for a year. */
export function defaultGroup(preset: RangePreset): AnalyticsGroup {
  return preset === '30d' || preset === 'month' ? 'day' : 'month';
}
