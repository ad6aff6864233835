import { dateTimeFormat } from './format.ts';

/** The zone's UTC offset in minutes at an instant ('Asia/Manila' → 480). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const name =
    dateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input's value ('YYYY-MM-DDTHH:mm') in the zone. */
export function toLocalInput(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** A datetime-local value read in the zone, as ISO 8601 with the zone's offset. */
export function fromLocalInput(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const asUtc = new Date(`${local.slice(0, 16)}:00Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  const guess = offsetMinutes(asUtc, timeZone);
  const offset = offsetMinutes(new Date(asUtc.getTime() - guess * 60_000), timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local.slice(0, 16)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The zone's calendar day at an instant (now by default), 'YYYY-MM-DD': the organization's today. */
export const todayIn = (timeZone: string, now = new Date()): string =>
  dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The zone's year at an instant (now by default). */
export const yearIn = (timeZone: string, now = new Date()): number =>
  Number(todayIn(timeZone, now).slice(0, 4));

/** The visitor's own zone, for public pages that belong to no organization yet (an invitation, the status). */
export const visitorZone = (): string => dateTimeFormat('en-US', {}).resolvedOptions().timeZone;
