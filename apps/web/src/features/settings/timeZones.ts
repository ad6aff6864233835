import { DEFAULT_TIME_ZONE } from '@plastrace/shared';

let cached: string[] | null = null;

/** Every zone the browser knows, Asia/Manila (the first market) first, then alphabetical. */
export function timeZoneOptions(current?: string): string[] {
  if (!cached) {
    let zones: string[] = [];
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      // Very old browsers: the saved zone and the default are still offered.
    }
    cached = [DEFAULT_TIME_ZONE, ...zones.filter((z) => z !== DEFAULT_TIME_ZONE).sort()];
  }
  // A zone saved elsewhere but unknown to this browser (or an alias such as UTC) stays selectable.
  return current && !cached.includes(current) ? [current, ...cached] : cached;
}
