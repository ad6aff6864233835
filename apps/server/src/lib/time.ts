/** The calendar day ('2026-11-02') of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The day as lot codes carry it: '261102'. */
export const codeDay = (instant: Date, timeZone: string) =>
  dayIn(instant, timeZone).slice(2).replaceAll('-', '');
