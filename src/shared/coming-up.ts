/**
 * 'Coming up' on the dashboard: the next memories to unlock and the next
 * birthdays ('Maya turns 13 in 30 days'), each a moment Dad might record something for.
 */
import { calendarDateAt, daysBetween, formatCalendarDate, nextBirthday } from "./calendar";
import { type UnlockRule, unlockStatus } from "./unlock-rules";

export const COMING_UP_DAYS = 60;
export const COMING_UP_LIMIT = 3;

export type UpcomingBirthday = { childId: string; name: string; turns: number; date: string; inDays: number };
/**
 * A locked memory's next unlock, with its children and rule so Dad can record another for the same moment.
 * An age rule opens for each child on their own birthday, so it comes up once per child (`forNames`: who it opens for then).
 */
export type UpcomingUnlock = Pick<UnlockRule, "unlockType" | "unlockAge" | "unlockDate"> & {
  id: string;
  title: string;
  label: string;
  unlocksAt: string;
  inDays: number;
  childIds: string[];
  forNames: string[];
};

const inDaysText = (days: number) => `in ${days} ${days === 1 ? "day" : "days"}`;

export function birthdayLine(birthday: UpcomingBirthday) {
  if (birthday.inDays === 0) return `${birthday.name} turns ${birthday.turns} today`;
  return `${birthday.name} turns ${birthday.turns} ${inDaysText(birthday.inDays)}`;
}

/** ' for Emma', ' for Emma and Zoe' when it opens for each child on their own day; nothing otherwise. */
export function unlockFor(unlock: Pick<UpcomingUnlock, "forNames">) {
  return unlock.forNames.length > 0 ? ` for ${new Intl.ListFormat("en", { type: "conjunction" }).format(unlock.forNames)}` : "";
}

/**
 * 'Unlocks today', 'Unlocks in 1 day', 'Unlocks in 12 days', or 'Next to unlock' beyond the window; for whom when
 * it opens for each child on their own day ('Unlocks for Emma in 12 days'); then its label.
 */
export function unlockLine(unlock: Pick<UpcomingUnlock, "inDays" | "label" | "forNames">) {
  const forWhom = unlockFor(unlock);
  const when = unlock.inDays === 0 ? `Unlocks${forWhom} today` : unlock.inDays <= COMING_UP_DAYS ? `Unlocks${forWhom} ${inDaysText(unlock.inDays)}` : `Next to unlock${forWhom}`;
  return `${when} · ${unlock.label}`;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 111th. */
export function ordinal(n: number) {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/** The title a birthday's 'Record' button starts with. */
export function birthdayRecordTitle(birthday: UpcomingBirthday) {
  return `For your ${ordinal(birthday.turns)} birthday`;
}

export function upcomingBirthdays(input: { children: { id: string; name: string; birthdate: string }[]; now: Date; timeZone: string; withinDays?: number }) {
  const today = formatCalendarDate(calendarDateAt(input.now, input.timeZone));
  return input.children
    .map((child): UpcomingBirthday => {
      const next = nextBirthday(child.birthdate, today);
      return { childId: child.id, name: child.name, turns: next.turning, date: next.date, inDays: next.daysAway };
    })
    .filter((birthday) => birthday.inDays >= 0 && birthday.inDays <= (input.withinDays ?? COMING_UP_DAYS))
    .sort((a, b) => a.inDays - b.inDays)
    .slice(0, COMING_UP_LIMIT);
}

/**
 * The next openings of locked memories, soonest first. A memory opens for each child by the rule for that child
 * (an age rule: their own birthday), never again for a child it has opened for (`openedFor`: recorded unlocks);
 * the children it opens for on the same day share one entry, named when the rule is an age.
 */
export function upcomingUnlocks(input: {
  items: Array<UnlockRule & { id: string; title: string; childIds: string[]; openedFor: string[] }>;
  children: { id: string; name: string; birthdate: string }[];
  now: Date;
  timeZone: string;
}) {
  const today = calendarDateAt(input.now, input.timeZone);
  const byId = new Map(input.children.map((child) => [child.id, child]));
  const upcoming: UpcomingUnlock[] = [];
  for (const item of input.items) {
    const byInstant = new Map<number, { label: string; names: string[] }>();
    for (const id of item.childIds) {
      const child = byId.get(id);
      if (!child || item.openedFor.includes(id)) continue;
      const status = unlockStatus({ rule: item, child, now: input.now, timeZone: input.timeZone });
      if (status.unlocked || !status.unlocksAt) continue;
      const group = byInstant.get(status.unlocksAt.getTime()) ?? { label: status.label, names: [] };
      group.names.push(child.name);
      byInstant.set(status.unlocksAt.getTime(), group);
    }
    for (const [instant, group] of byInstant) {
      const unlocksAt = new Date(instant);
      upcoming.push({
        id: item.id,
        title: item.title,
        label: group.label,
        unlocksAt: unlocksAt.toISOString(),
        inDays: daysBetween(today, calendarDateAt(unlocksAt, input.timeZone)),
        childIds: item.childIds,
        forNames: item.unlockType === "age" ? group.names : [],
        unlockType: item.unlockType,
        unlockAge: item.unlockAge,
        unlockDate: item.unlockDate,
      });
    }
  }
  return upcoming.sort((a, b) => Date.parse(a.unlocksAt) - Date.parse(b.unlocksAt)).slice(0, COMING_UP_LIMIT);
}
