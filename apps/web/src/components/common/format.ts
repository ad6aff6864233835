const formatters = new Map<string, Intl.DateTimeFormat>();
const keyOf = (locale: string, options: Intl.DateTimeFormatOptions) => `${locale} ${JSON.stringify(options)}`;

/**
 * One formatter per locale and options, kept: building an Intl.DateTimeFormat costs ~1,000× a format() call,
 * and a list of 50 cards built one per date, which a phone's profile showed as a sixth of the page's script
 * time. Every date, time and day the web shows or computes goes through here (or the helpers below).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

type Style = 'date' | 'dateTime';
const styleOptions = (style: Style, timeZone: string): Intl.DateTimeFormatOptions => ({
  timeZone,
  dateStyle: 'medium',
  ...(style === 'dateTime' ? { timeStyle: 'short' } : {}),
});
const formatter = (style: Style, timeZone: string) => dateTimeFormat('en-PH', styleOptions(style, timeZone));
const built = (style: Style, timeZone: string) =>
  formatters.has(keyOf('en-PH', styleOptions(style, timeZone)));

/**
 * Builds the zone's formatters while the browser is idle, one per idle moment: the first one built costs
 * ~40 ms on a phone (the locale's data), which otherwise lands in the render of the first list of dates.
 * Returns a cancel.
 */
export function prepareDateFormats(timeZone: string): () => void {
  const pending = (['dateTime', 'date'] as const).filter((style) => !built(style, timeZone));
  let timer: number | undefined;
  const next = () => {
    const style = pending.shift();
    if (!style) return;
    formatter(style, timeZone);
    timer = whenIdle(next);
  };
  timer = whenIdle(next);
  return () => cancelIdle(timer);
}

const whenIdle = (run: () => void): number =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run)
    : window.setTimeout(run, 200);
const cancelIdle = (id: number | undefined) => {
  if (id === undefined) return;
  if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(id);
  else window.clearTimeout(id);
};

function formatIn(style: Style, iso: string | null | undefined, timeZone: string): string {
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

/** '14:05:09' (or '14:05' without seconds) on a 24-hour clock in the zone: a reading's or a weighing's time. */
export function formatClock(iso: string | null | undefined, timeZone: string, seconds = true): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = seconds
    ? { timeZone, timeStyle: 'medium', hourCycle: 'h23' }
    : { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return dateTimeFormat('en-PH', options).format(date);
}
