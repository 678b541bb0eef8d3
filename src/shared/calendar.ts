/**
 * Calendar arithmetic in an account's time zone, on plain "YYYY-MM-DD" dates.
 * Pure functions: the instant and the time zone are always passed in.
 */

export type CalendarDate = { year: number; month: number; day: number };

export function parseCalendarDate(value: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${value}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function formatCalendarDate({ year, month, day }: CalendarDate) {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function isLeapYear(year: number) {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function zonedParts(instant: Date, timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The calendar date it is at `instant` in `timeZone`. */
export function calendarDateAt(instant: Date, timeZone: string): CalendarDate {
  const { year, month, day } = zonedParts(instant, timeZone);
  return { year, month, day };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string) {
  const p = zonedParts(instant, timeZone);
  const wallClockAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallClockAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Known day starts by time zone and day: a list page asks for the same few days over and over. */
const dayStarts = new Map<string, number>();
const MAX_DAY_STARTS = 10_000;

/** The instant a calendar day begins in `timeZone` (midnight, or the first valid time after a DST gap). */
export function startOfDay(date: CalendarDate, timeZone: string): Date {
  const cacheKey = `${timeZone} ${date.year}-${date.month}-${date.day}`;
  let start = dayStarts.get(cacheKey);
  if (start === undefined) {
    start = computeStartOfDay(date, timeZone);
    if (dayStarts.size >= MAX_DAY_STARTS) dayStarts.clear();
    dayStarts.set(cacheKey, start);
  }
  return new Date(start);
}

function computeStartOfDay(date: CalendarDate, timeZone: string) {
  const midnightUtc = Date.UTC(date.year, date.month - 1, date.day);
  const firstGuess = midnightUtc - offsetAt(new Date(midnightUtc), timeZone);
  const secondOffset = offsetAt(new Date(firstGuess), timeZone);
  const candidate = midnightUtc - secondOffset;
  const landed = calendarDateAt(new Date(candidate), timeZone);
  // A DST gap at midnight pushes the start of the day to the end of the gap.
  return compareDates(landed, date) < 0 ? firstGuess : candidate;
}

export function compareDates(a: CalendarDate, b: CalendarDate) {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Whole years from `birthdate` to `on`. Someone born on 29 February gains a year on
 * 1 March in common years (their birthday has not happened until 28 February has passed).
 */
export function wholeYearsBetween(birthdate: CalendarDate, on: CalendarDate) {
  const beforeBirthday = on.month < birthdate.month || (on.month === birthdate.month && on.day < birthdate.day);
  return on.year - birthdate.year - (beforeBirthday ? 1 : 0);
}

/** The day someone born on `birthdate` turns `years` old (29 February → 1 March in common years). */
export function birthdayAtAge(birthdate: CalendarDate, years: number): CalendarDate {
  const year = birthdate.year + years;
  if (birthdate.month === 2 && birthdate.day === 29 && !isLeapYear(year)) return { year, month: 3, day: 1 };
  return { year, month: birthdate.month, day: birthdate.day };
}

/** Whole days from `from` to `to` (calendar days, no time zone involved). */
export function daysBetween(from: CalendarDate, to: CalendarDate) {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD from 1900 on (refuses 2024-02-30 and 0000-00-00: forms and the server share it). */
export function isCalendarDate(value: string) {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value && Number(match[1]) >= 1900;
}
