/**
 * When a memory unlocks (spec 001 §4 "Unlock status per item"), for each of its children: an age rule
 * opens for each child on that child's own birthday (not for all when the first reaches it), and dates read in the
 * account's time zone.
 * `unlockStatus` is the rule for one child (the instant and the account's time zone in; unlocked or locked,
 * the label and, when knowable, the instant out); `memoryUnlock` puts a memory's children together.
 */
import { z } from "zod";
import { birthdayAtAge, type CalendarDate, calendarDateAt, formatCalendarDate, isCalendarDate, parseCalendarDate, startOfDay } from "./calendar";

export const UNLOCK_TYPES = ["now", "age", "date", "milestone"] as const;
export type UnlockType = (typeof UNLOCK_TYPES)[number];

export const UNLOCK_AGE_MIN = 1;
export const UNLOCK_AGE_MAX = 100;

/** The same bounds and wording on every screen that sets an unlock rule (record, video, edit, Pocket Dad). */
export const UNLOCK_COPY = {
  enterAge: "Please enter an unlock age",
  ageRange: `Unlock age must be between ${UNLOCK_AGE_MIN} and ${UNLOCK_AGE_MAX}`,
  selectDate: "Please select an unlock date",
  invalidDate: "That unlock date does not exist. Please pick a real calendar date.",
  enterMilestone: "Please enter a milestone description",
} as const;

/** The messages of an unlock rule's problems: every screen has the same bounds, each keeps the spec's wording. */
export type UnlockCopy = { [Key in keyof typeof UNLOCK_COPY]: string };

/** The rule's fields as a request body or a form sends them (the other types' fields may be present and are dropped). */
export function unlockRuleFieldsWith(copy: UnlockCopy) {
  return {
    unlockType: z.enum(UNLOCK_TYPES),
    unlockAge: z.number({ error: copy.enterAge }).int(copy.ageRange).min(UNLOCK_AGE_MIN, copy.ageRange).max(UNLOCK_AGE_MAX, copy.ageRange).nullish(),
    unlockDate: z.string({ error: copy.selectDate }).regex(/^\d{4}-\d{2}-\d{2}$/, copy.selectDate).refine(isCalendarDate, copy.invalidDate).nullish(),
    unlockMilestone: z.string().trim().max(200, "Keep the milestone under 200 characters.").nullish(),
  };
}
export const unlockRuleFields = unlockRuleFieldsWith(UNLOCK_COPY);

type UnlockRuleFieldsInput = { unlockType: UnlockType; unlockAge?: number | null; unlockDate?: string | null; unlockMilestone?: string | null };

/** The field the chosen type needs, said beside that field (a zod superRefine step). */
export function requireUnlockRuleFieldWith(copy: UnlockCopy) {
  return (value: UnlockRuleFieldsInput, context: z.RefinementCtx) => {
    if (value.unlockType === "age" && value.unlockAge == null) context.addIssue({ code: "custom", path: ["unlockAge"], message: copy.enterAge });
    if (value.unlockType === "date" && !value.unlockDate) context.addIssue({ code: "custom", path: ["unlockDate"], message: copy.selectDate });
    if (value.unlockType === "milestone" && !value.unlockMilestone) context.addIssue({ code: "custom", path: ["unlockMilestone"], message: copy.enterMilestone });
  };
}
export const requireUnlockRuleField = requireUnlockRuleFieldWith(UNLOCK_COPY);

/** Keeps only the chosen type's field; the others become null (a zod transform step). */
export function keepChosenUnlockField<T extends UnlockRuleFieldsInput>(value: T) {
  return {
    ...value,
    unlockAge: value.unlockType === "age" ? (value.unlockAge ?? null) : null,
    unlockDate: value.unlockType === "date" ? (value.unlockDate ?? null) : null,
    unlockMilestone: value.unlockType === "milestone" ? (value.unlockMilestone ?? null) : null,
  };
}

/** One unlock rule on its own (validated the same way as inside a memory's fields). */
export const unlockRuleSchema = z.object(unlockRuleFields).superRefine(requireUnlockRuleField).transform(keepChosenUnlockField);

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

/** Unlocked from the start of `day` in `timeZone`; never without a day (an age rule with no child). */
function unlockedOn(day: CalendarDate | null, label: string, now: Date, timeZone: string): UnlockStatus {
  if (!day) return { unlocked: false, label, unlocksAt: null };
  const unlocksAt = startOfDay(day, timeZone);
  return { unlocked: now.getTime() >= unlocksAt.getTime(), label, unlocksAt };
}

/** The rule for one child (an age rule needs the child's birthdate; without a child it cannot open). */
export function unlockStatus(input: {
  rule: UnlockRule;
  child: UnlockChild | null;
  now: Date;
  timeZone: string;
  locale?: string;
}): UnlockStatus {
  const { rule, child, now, timeZone } = input;
  switch (rule.unlockType) {
    case "date":
      if (!rule.unlockDate) break;
      return unlockedOn(parseCalendarDate(rule.unlockDate), formatUnlockDate(rule.unlockDate, input.locale), now, timeZone);
    case "age":
      if (rule.unlockAge === null) break;
      return unlockedOn(child && birthdayAtAge(parseCalendarDate(child.birthdate), rule.unlockAge), `Age ${rule.unlockAge}`, now, timeZone);
    case "milestone": {
      const reachedAt = rule.milestoneReachedAt ? new Date(rule.milestoneReachedAt) : null;
      return { unlocked: reachedAt !== null, label: MILESTONE_LABEL, unlocksAt: reachedAt };
    }
    default:
      break;
  }
  return { unlocked: true, label: AVAILABLE_NOW_LABEL, unlocksAt: null };
}

/**
 * The instant a memory opens for one of its children, as stored for the unlock job: 'now' opens when it
 * is saved, a date at the start of that day in the account's time zone, an age rule at the start of that
 * child's own birthday there, a milestone when marked reached.
 * Null while that cannot be known (a milestone not reached, an age rule without its child).
 */
export function opensAt(input: { rule: UnlockRule; child: UnlockChild | null; savedAt: Date; timeZone: string }): Date | null {
  if (input.rule.unlockType === "now" || input.rule.unlockType === null) return input.savedAt;
  return unlockStatus({ rule: input.rule, child: input.child, now: input.savedAt, timeZone: input.timeZone }).unlocksAt;
}

/** Where a memory stands for one of its children: open or not, and the day it opens (or opened) in the account's time zone. */
export type ChildUnlock = { childId: string; name: string; unlocked: boolean; unlocksAt: string | null; date: string | null };

/**
 * A memory's unlock state for all its children: each child by the rule for that child, or open once an unlock was
 * recorded for that child (`openedFor`: child id to the instant), whatever the rule says now (what a child has had is
 * never taken back). The memory counts as unlocked once it is open for every child; `unlocksAt` is then the last
 * child's opening, and while locked the next one's.
 */
export function memoryUnlock(input: {
  rule: UnlockRule;
  children: Array<UnlockChild & { id: string; name: string }>;
  openedFor: Record<string, string>;
  now: Date;
  timeZone: string;
  locale?: string;
}): UnlockStatus & { forChildren: ChildUnlock[] } {
  const { rule, now, timeZone } = input;
  const forChildren = input.children.map((child): ChildUnlock => {
    const status = unlockStatus({ rule, child, now, timeZone });
    const opened = input.openedFor[child.id];
    // Open by its rule, it says the rule's instant (none for 'now'); open only by a recorded unlock, when that was.
    const at = !status.unlocked && opened ? new Date(opened) : status.unlocksAt;
    return { childId: child.id, name: child.name, unlocked: Boolean(opened) || status.unlocked, unlocksAt: at?.toISOString() ?? null, date: at ? formatCalendarDate(calendarDateAt(at, timeZone)) : null };
  });
  const alone = unlockStatus({ rule, child: null, now, timeZone, locale: input.locale });
  if (forChildren.length === 0) return { ...alone, forChildren };
  const unlocked = forChildren.every((child) => child.unlocked);
  const instants = forChildren.filter((child) => child.unlocked === unlocked && child.unlocksAt).map((child) => Date.parse(child.unlocksAt!));
  const at = instants.length === 0 ? null : new Date(unlocked ? Math.max(...instants) : Math.min(...instants));
  return { unlocked, label: alone.label, unlocksAt: at, forChildren };
}

/**
 * Each child's own date, when the children do not all open together: 'Opens for Emma on 14 Mar 2033, for Noah
 * on 2 Jun 2037', 'Open for Emma; opens for Noah on 2 Jun 2037'. Dates in `locale`; when they hold commas
 * themselves ('Mar 14, 2033') the children are parted by semicolons. Null when the badge says it all (every
 * child open, or every child waiting for the same thing).
 */
export function childDatesLine(input: { type: UnlockType; forChildren: ChildUnlock[]; locale?: string }) {
  const open = input.forChildren.filter((child) => child.unlocked);
  const dated = input.forChildren.filter((child) => !child.unlocked && child.date);
  const undated = input.forChildren.filter((child) => !child.unlocked && !child.date);
  if (open.length === input.forChildren.length) return null;
  if (open.length === 0 && input.type !== "age") return null;
  const names = (children: ChildUnlock[]) => new Intl.ListFormat("en", { type: "conjunction" }).format(children.map((child) => child.name));
  const dates = dated.map((child) => `for ${child.name} on ${formatUnlockDate(child.date!, input.locale)}`);
  const parts = [
    open.length > 0 ? `open for ${names(open)}` : null,
    dates.length > 0 ? `opens ${dates.join(dates.some((text) => text.includes(",")) ? "; " : ", ")}` : null,
    undated.length > 0 ? `not yet for ${names(undated)}` : null,
  ].filter((part) => part !== null);
  const line = parts.join("; ");
  return line.charAt(0).toUpperCase() + line.slice(1);
}
