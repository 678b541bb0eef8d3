/**
 * When a memory unlocks (spec 001 §4 "Unlock status per item", decisions 9 and 17).
 * One pure function: the item, its children, the instant and the account's time zone in;
 * unlocked or locked, the label and (when knowable) the instant it unlocks out.
 */
import { birthdayAtAge, type CalendarDate, compareDates, parseCalendarDate, startOfDay } from "./calendar";

export const UNLOCK_TYPES = ["now", "age", "date", "milestone"] as const;
export type UnlockType = (typeof UNLOCK_TYPES)[number];

export const UNLOCK_AGE_MIN = 1;
export const UNLOCK_AGE_MAX = 100;

export type UnlockRule = {
  unlockType: UnlockType | null;
  unlockAge: number | null;
  /** "YYYY-MM-DD": the item unlocks at the start of that day in the account's time zone. */
  unlockDate: string | null;
  unlockMilestone: string | null;
  /** Set when Dad marks the milestone reached ('Unlock now'). */
  milestoneReachedAt: Date | string | null;
};

export type UnlockChild = { birthdate: string };

export type UnlockStatus = {
  unlocked: boolean;
  label: string;
  /** The instant it unlocks (or unlocked), when the rule makes that knowable. */
  unlocksAt: Date | null;
};

export const AVAILABLE_NOW_LABEL = "Available now";
export const MILESTONE_LABEL = "Milestone";

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'Jun 1, 2030' in the given locale; the date is a calendar day, so no time zone shifts it. */
export function formatUnlockDate(date: string, locale = "en-US") {
  const { year, month, day } = parseCalendarDate(date);
  let formatter = dateFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
    dateFormatters.set(locale, formatter);
  }
  return formatter.format(new Date(Date.UTC(year, month - 1, day)));
}

/** The earliest day any of the children reaches `age`, or null without children. */
function firstDayAnyChildReaches(age: number, children: UnlockChild[]): CalendarDate | null {
  let earliest: CalendarDate | null = null;
  for (const child of children) {
    const day = birthdayAtAge(parseCalendarDate(child.birthdate), age);
    if (!earliest || compareDates(day, earliest) < 0) earliest = day;
  }
  return earliest;
}

/** Unlocked from the start of `day` in `timeZone`; never without a day (an age rule with no children). */
function unlockedOn(day: CalendarDate | null, label: string, now: Date, timeZone: string): UnlockStatus {
  if (!day) return { unlocked: false, label, unlocksAt: null };
  const unlocksAt = startOfDay(day, timeZone);
  return { unlocked: now.getTime() >= unlocksAt.getTime(), label, unlocksAt };
}

export function unlockStatus(input: {
  rule: UnlockRule;
  children: UnlockChild[];
  now: Date;
  timeZone: string;
  locale?: string;
}): UnlockStatus {
  const { rule, children, now, timeZone } = input;
  switch (rule.unlockType) {
    case "date":
      if (!rule.unlockDate) break;
      return unlockedOn(parseCalendarDate(rule.unlockDate), formatUnlockDate(rule.unlockDate, input.locale), now, timeZone);
    case "age":
      if (rule.unlockAge === null) break;
      return unlockedOn(firstDayAnyChildReaches(rule.unlockAge, children), `Age ${rule.unlockAge}`, now, timeZone);
    case "milestone": {
      const reachedAt = rule.milestoneReachedAt ? new Date(rule.milestoneReachedAt) : null;
      return { unlocked: reachedAt !== null, label: MILESTONE_LABEL, unlocksAt: reachedAt };
    }
    default:
      break;
  }
  return { unlocked: true, label: AVAILABLE_NOW_LABEL, unlocksAt: null };
}
