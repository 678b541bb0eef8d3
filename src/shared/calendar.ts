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

/**
 * Whole calendar months after an instant, at the same time of day: on a day the later month does not have, its last
 * day (31 January + 1 month is 28 or 29 February, as Stripe bills), never a spill into the month after.
 */
export function addMonths(instant: Date, months: number) {
  const [year, month, day] = [instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()];
  const timeOfDay = instant.getTime() - Date.UTC(year, month, day);
  return new Date(Date.UTC(year, month + months, Math.min(day, daysInMonth(year, month + months + 1))) + timeOfDay);
}

/**
 * The days in a month (1-12; Date.UTC carries a month past December into the next year, and before January into the
 * last): day 0 of the month after is its last day.
 */
function daysInMonth(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
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

/** Known dates of instants by time zone: a list page turns the same few unlock instants into dates over and over. */
const instantDates = new Map<string, CalendarDate>();
const MAX_INSTANT_DATES = 10_000;

/** The calendar date it is at `instant` in `timeZone`. */
export function calendarDateAt(instant: Date, timeZone: string): CalendarDate {
  const cacheKey = `${timeZone} ${instant.getTime()}`;
  let date = instantDates.get(cacheKey);
  if (date === undefined) {
    const { year, month, day } = zonedParts(instant, timeZone);
    date = { year, month, day };
    if (instantDates.size >= MAX_INSTANT_DATES) instantDates.clear();
    instantDates.set(cacheKey, date);
  }
  return { ...date };
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
 * The one rule for a 29 February birthday: in a common year it falls on
 * 28 February, for ages, unlocks, 'Coming up', the children page and birthday notices alike.
 */
export function birthdayInYear(birthdate: CalendarDate, year: number): CalendarDate {
  if (birthdate.month === 2 && birthdate.day === 29 && !isLeapYear(year)) return { year, month: 2, day: 28 };
  return { year, month: birthdate.month, day: birthdate.day };
}

/** Whether `on` is a birthday of someone born on `birthdate` (after the day of birth), by the one 29 February rule. */
export function isBirthdayOn(birthdate: CalendarDate, on: CalendarDate) {
  return on.year > birthdate.year && compareDates(birthdayInYear(birthdate, on.year), on) === 0;
}

/** The day someone born on `birthdate` turns `years` old (29 February → 28 February in common years). */
export function birthdayAtAge(birthdate: CalendarDate, years: number): CalendarDate {
  return birthdayInYear(birthdate, birthdate.year + years);
}

/** Whole years from `birthdate` to `on` (never negative): a year is gained on that year's birthday. */
export function wholeYearsBetween(birthdate: CalendarDate, on: CalendarDate) {
  const years = on.year - birthdate.year;
  const reached = compareDates(on, birthdayInYear(birthdate, on.year)) >= 0;
  return Math.max(0, reached ? years : years - 1);
}

/** Whole days from `from` to `to` (calendar days, no time zone involved). */
export function daysBetween(from: CalendarDate, to: CalendarDate) {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000);
}

/** Whole months from `birthdate` to `on` (a month is gained on the same day of the month, or the month's last day). */
export function wholeMonthsBetween(birthdate: CalendarDate, on: CalendarDate) {
  let months = (on.year - birthdate.year) * 12 + (on.month - birthdate.month);
  if (on.day < Math.min(birthdate.day, daysInMonth(on.year, on.month))) months -= 1;
  return Math.max(0, months);
}

/** A real calendar date written YYYY-MM-DD ('2024-02-30' is not one). */
export function isCalendarDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month) || (month === 2 && day === 29 && isLeapYear(year));
}

/** Today's date YYYY-MM-DD in `timeZone` (the browser's own zone when none is given). */
export function todayIn(now: Date = new Date(), timeZone?: string) {
  if (timeZone) return formatCalendarDate(calendarDateAt(now, timeZone));
  return formatCalendarDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** A child's age on `today` (both YYYY-MM-DD): whole years and whole months. */
export function ageOn(birthdate: string, today: string) {
  const born = parseCalendarDate(birthdate);
  const on = parseCalendarDate(today);
  return { years: wholeYearsBetween(born, on), months: wholeMonthsBetween(born, on) };
}

/** The children page's label (spec 001 §5): 'Less than a year old', '1 year old', 'N years old'. */
export function yearsOldLabel(years: number) {
  if (years < 1) return "Less than a year old";
  return years === 1 ? "1 year old" : `${years} years old`;
}

/** Pocket Dad's label, months for babies: '6 years old', '1 year old', '8 months old', 'Newborn'. */
export function ageInMonthsLabel(age: { years: number; months: number }) {
  if (age.years >= 1) return `${age.years} ${age.years === 1 ? "year" : "years"} old`;
  if (age.months >= 1) return `${age.months} ${age.months === 1 ? "month" : "months"} old`;
  return "Newborn";
}

/**
 * The next birthday on or after `today` (both YYYY-MM-DD): its date, the age it brings and the
 * days until it. A child born today has their first birthday a year from now.
 */
export function nextBirthday(birthdate: string, today: string) {
  const born = parseCalendarDate(birthdate);
  const on = parseCalendarDate(today);
  let next = birthdayInYear(born, Math.max(on.year, born.year + 1));
  if (compareDates(next, on) < 0) next = birthdayInYear(born, on.year + 1);
  return { date: formatCalendarDate(next), turning: next.year - born.year, daysAway: daysBetween(on, next) };
}
