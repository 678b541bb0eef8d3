/**
 * When a memory unlocks (spec 001 §4 "Unlock status per item"): an age rule follows
 * the first of its children to reach the age, and dates read in the account's time zone.
 * One pure function: the item, its children, the instant and the account's time zone in;
 * unlocked or locked, the label and (when knowable) the instant it unlocks out.
 */
import { z } from "zod";
import { birthdayAtAge, type CalendarDate, compareDates, isCalendarDate, parseCalendarDate, startOfDay } from "./calendar";

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

/**
 * The instant a memory opens for its children, as stored for the unlock job: 'now' opens when it
 * is saved, a date or age rule at the start of that day in the account's time zone (an age rule
 * when the first of its children reaches the age), a milestone when marked reached.
 * Null while that cannot be known (a milestone not reached, an age rule with no children).
 */
export function opensAt(input: { rule: UnlockRule; children: UnlockChild[]; savedAt: Date; timeZone: string }): Date | null {
  if (input.rule.unlockType === "now" || input.rule.unlockType === null) return input.savedAt;
  return unlockStatus({ rule: input.rule, children: input.children, now: input.savedAt, timeZone: input.timeZone }).unlocksAt;
}
