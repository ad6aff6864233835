// One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and the
// posting path asks for the organization's day on every call.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f;
}

/** The calendar day ('2026-11-02') of an instant in a time zone. */
export const dayIn = (instant: Date, timeZone: string): string => dayFormat(timeZone).format(instant);

/** The day as lot codes carry it: '261102'. */
export const codeDay = (instant: Date, timeZone: string) =>
  dayIn(instant, timeZone).slice(2).replaceAll('-', '');
