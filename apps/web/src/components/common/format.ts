const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per style and zone, kept: building an Intl.DateTimeFormat costs ~1,000× a format() call, and
 * a list of 50 cards built one per date, which a phone's profile showed as a sixth of the page's script time.
 */
function formatter(style: 'date' | 'dateTime', timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-PH', {
      timeZone,
      dateStyle: 'medium',
      ...(style === 'dateTime' ? { timeStyle: 'short' } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

function formatIn(style: 'date' | 'dateTime', iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter(style, timeZone).format(date);
}

/** '22 Nov 2026, 14:05' in the organization's time zone (docs/architecture.md: Domain model), not the browser's. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  return formatIn('dateTime', iso, timeZone);
}

export function formatDate(iso: string | null | undefined, timeZone: string): string {
  return formatIn('date', iso, timeZone);
}
