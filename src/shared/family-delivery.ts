import { addMonths, calendarDateAt, type CalendarDate, daysBetween, formatCalendarDate, startOfDay } from "./calendar";

/** Delivery emails never go out before this hour of the account's day. */
export const EARLIEST_SEND_HOUR = 8;
/** The daily digest of memories saved as 'now' goes out at this hour, with what opened that day until then. */
export const DIGEST_HOUR = 20;

const HOUR_MS = 60 * 60 * 1000;

function localHour(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "numeric", hourCycle: "h23" }).formatToParts(instant);
  const read = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return read("hour") + read("minute") / 60;
}

/** The instant the wall clock shows `hour`:00 on `date` in `timeZone` (after a DST change that day too). */
export function wallClockAt(date: CalendarDate, hour: number, timeZone: string): Date {
  let candidate = startOfDay(date, timeZone).getTime() + hour * HOUR_MS;
  // Midnight plus n hours is off by the DST shift on the day clocks change: correct by what the clock says.
  candidate += (hour - localHour(new Date(candidate), timeZone)) * HOUR_MS;
  return new Date(candidate);
}

/** When a single delivery email may go out: on the unlock day, not before 08:00 there. */
export function sendTimeFor(input: { unlockedAt: Date; timeZone: string }): Date {
  const earliest = wallClockAt(calendarDateAt(input.unlockedAt, input.timeZone), EARLIEST_SEND_HOUR, input.timeZone);
  return earliest > input.unlockedAt ? earliest : input.unlockedAt;
}

/** The digest a 'now' memory belongs to: that day's if it opened before 20:00 local, else the next day's. */
export function digestFor(input: { unlockedAt: Date; timeZone: string }): { day: string; sendAt: Date } {
  const today = calendarDateAt(input.unlockedAt, input.timeZone);
  const todays = wallClockAt(today, DIGEST_HOUR, input.timeZone);
  if (input.unlockedAt < todays) return { day: formatCalendarDate(today), sendAt: todays };
  const tomorrow = calendarDateAt(new Date(startOfDay(today, input.timeZone).getTime() + 36 * HOUR_MS), input.timeZone);
  return { day: formatCalendarDate(tomorrow), sendAt: wallClockAt(tomorrow, DIGEST_HOUR, input.timeZone) };
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** '8 pm', '8:30 am' at `instant` in `timeZone`. */
function clockTime(instant: Date, timeZone: string) {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  const minutes = part("minute") === "00" ? "" : `:${part("minute")}`;
  return `${part("hour")}${minutes} ${part("dayPeriod").toLowerCase()}`;
}

/**
 * When a waiting delivery email reaches the family, in words for Dad, at `sendAt` as the schedule set it
 * (`sendTimeFor`, `digestFor`) and in the same time zone: 'now' once it is due, 'this morning at 8 am',
 * 'today at 2 pm', 'tonight at 8 pm', 'tomorrow at 8 am', else 'on Sat 3 May at 8 am' (with the year when it is not this one).
 */
export function arrivalWords(input: { sendAt: Date; now: Date; timeZone: string }) {
  const { sendAt, now, timeZone } = input;
  if (sendAt <= now) return "now";
  const days = daysBetween(calendarDateAt(now, timeZone), calendarDateAt(sendAt, timeZone));
  const time = clockTime(sendAt, timeZone);
  if (days === 0) {
    const hour = localHour(sendAt, timeZone);
    return `${hour < 12 ? "this morning" : hour < 17 ? "today" : "tonight"} at ${time}`;
  }
  if (days === 1) return `tomorrow at ${time}`;
  const sameYear = calendarDateAt(now, timeZone).year === calendarDateAt(sendAt, timeZone).year;
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", ...(sameYear ? {} : { year: "numeric" }) }).formatToParts(sendAt);
  const day = parts.filter((part) => part.type !== "literal").map((part) => part.value).join(" ");
  return `on ${day} at ${time}`;
}

/** One digest per guardian per day: the memories that opened for any of their children, grouped. */
export function groupDigests<T extends { guardianId: string; unlockedAt: Date }>(items: T[], timeZone: string) {
  const groups = new Map<string, { guardianId: string; day: string; sendAt: Date; items: T[] }>();
  for (const item of items) {
    const { day, sendAt } = digestFor({ unlockedAt: item.unlockedAt, timeZone });
    const key = `${item.guardianId} ${day}`;
    const group = groups.get(key) ?? { guardianId: item.guardianId, day, sendAt, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** How many guardians must confirm a milestone: Dad's number, at least 1, at most the accepted guardians. */
export function confirmationsNeeded(input: { chosen: number; acceptedGuardians: number }) {
  return Math.max(1, Math.min(input.chosen, Math.max(1, input.acceptedGuardians)));
}

export const LEGACY_PERIODS_MONTHS = [3, 6, 12] as const;
export type LegacyPeriod = (typeof LEGACY_PERIODS_MONTHS)[number];

/** Dad gets at least this long after each check-in email before the next step. */
export const LEGACY_NOTICE_MS = 7 * 24 * HOUR_MS;

/** The check-in emails of the current period already sent, and when. */
export type LegacyCheckInsSent = { month: Date | null; week: Date | null };

/**
 * The inactivity clock of 'If something happens to me': from Dad's last sign of life, a check-in a
 * month before the end, another a week before, and the release at the end. Each step waits for the one
 * before: the week's check-in comes after the month's was sent, and the release only once both were
 * sent and a week has passed since the last. A period too short for them (or a job that did not run)
 * moves the steps later, never skips them: each comes at its own time or a week after the one before,
 * whichever is later. The instants returned are those of steps not yet sent, as of `now`.
 */
export function legacyClock(input: { lastSignAt: Date; periodMonths: LegacyPeriod; now: Date; sent: LegacyCheckInsSent }) {
  // In milliseconds, not Dates: the hourly job asks this of every account.
  const now = input.now.getTime();
  const [month, week] = [input.sent.month?.getTime() ?? null, input.sent.week?.getTime() ?? null];
  const endOfPeriod = addMonths(input.lastSignAt, input.periodMonths);
  const monthCheckInAt = month ?? addMonths(endOfPeriod, -1).getTime();
  const weekCheckInAt = week ?? Math.max(endOfPeriod.getTime() - LEGACY_NOTICE_MS, (month ?? Math.max(monthCheckInAt, now)) + LEGACY_NOTICE_MS);
  const releaseAt = Math.max(endOfPeriod.getTime(), (week ?? Math.max(weekCheckInAt, now)) + LEGACY_NOTICE_MS);
  const due = month === null
    ? now >= monthCheckInAt ? "month-check-in" : "nothing"
    : week === null
      ? now >= weekCheckInAt ? "week-check-in" : "nothing"
      : now >= releaseAt ? "release" : "nothing";
  return { releaseAt: new Date(releaseAt), monthCheckInAt: new Date(monthCheckInAt), weekCheckInAt: new Date(weekCheckInAt), due } as const;
}
