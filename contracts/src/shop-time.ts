/**
 * The shop's calendar. Orders are recorded at UTC instants; the operator and the shoppers live in
 * the shop's time zone (a setting, Asia/Kolkata by default), so a day on the dashboard, a date in
 * an e-mail or on an invoice is that zone's. Conversions go through Intl (the zone database of
 * the runtime), never hand-written offsets, so daylight saving elsewhere comes right too.
 */

/** The shop's time zone unless SHOP_TIME_ZONE says otherwise: a shop for India. */
export const DEFAULT_SHOP_TIME_ZONE = 'Asia/Kolkata';

/** The dashboard keeps orders in UTC slots of this many minutes: every time zone's offset is a whole number of them, so any zone's day is a whole number of slots. */
export const DASHBOARD_SLOT_MINUTES = 15;
const SLOT_MS = DASHBOARD_SLOT_MINUTES * 60_000;

/** Whether the runtime knows `timeZone` (an IANA name such as Asia/Kolkata). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function shopDay(instant: Date | string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The calendar day `back` days before `day` (YYYY-MM-DD; calendar arithmetic, no zone involved). */
export function daysBefore(day: string, back: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - back)).toISOString().slice(0, 10);
}

/** The start (ISO, UTC) of the dashboard slot an instant falls in. */
export function dashboardSlotOf(instant: string): string {
  return new Date(Math.floor(new Date(instant).getTime() / SLOT_MS) * SLOT_MS).toISOString();
}

/** An instant as a shopper or the operator reads it in `timeZone`, e.g. "26 Nov 2026, 2:00 am IST". */
export function shopDateTime(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone, dateStyle: 'medium', timeStyle: 'short', hour12: true })
    .format(new Date(instant))
    .concat(' ', zoneName(instant, timeZone));
}

function zoneName(instant: Date | string, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
