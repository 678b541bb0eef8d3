/**
 * 'Coming up' on the dashboard (decisions 4.5): the next memories to unlock and the next
 * birthdays ('Maya turns 13 in 30 days'), each a moment Dad might record something for.
 */
import { birthdayAtAge, calendarDateAt, daysBetween, formatCalendarDate, parseCalendarDate, wholeYearsBetween } from "./calendar";
import { type UnlockRule, unlockStatus } from "./unlock-rules";

export const COMING_UP_DAYS = 60;
export const COMING_UP_LIMIT = 3;

export type UpcomingBirthday = { childId: string; name: string; turns: number; date: string; inDays: number };
export type UpcomingUnlock = { id: string; title: string; label: string; unlocksAt: string; inDays: number };

export function birthdayLine(birthday: UpcomingBirthday) {
  if (birthday.inDays === 0) return `${birthday.name} turns ${birthday.turns} today`;
  return `${birthday.name} turns ${birthday.turns} in ${birthday.inDays} ${birthday.inDays === 1 ? "day" : "days"}`;
}

export function upcomingBirthdays(input: { children: { id: string; name: string; birthdate: string }[]; now: Date; timeZone: string; withinDays?: number }) {
  const today = calendarDateAt(input.now, input.timeZone);
  return input.children
    .map((child): UpcomingBirthday => {
      const born = parseCalendarDate(child.birthdate);
      const age = Math.max(0, wholeYearsBetween(born, today));
      const thisYear = birthdayAtAge(born, age);
      const turns = daysBetween(today, thisYear) >= 0 && age > 0 ? age : age + 1;
      const date = birthdayAtAge(born, turns);
      return { childId: child.id, name: child.name, turns, date: formatCalendarDate(date), inDays: daysBetween(today, date) };
    })
    .filter((birthday) => birthday.inDays >= 0 && birthday.inDays <= (input.withinDays ?? COMING_UP_DAYS))
    .sort((a, b) => a.inDays - b.inDays)
    .slice(0, COMING_UP_LIMIT);
}

export function upcomingUnlocks(input: {
  items: Array<UnlockRule & { id: string; title: string; childIds: string[] }>;
  children: { id: string; birthdate: string }[];
  now: Date;
  timeZone: string;
}) {
  const today = calendarDateAt(input.now, input.timeZone);
  const byId = new Map(input.children.map((child) => [child.id, child]));
  const upcoming: UpcomingUnlock[] = [];
  for (const item of input.items) {
    const status = unlockStatus({ rule: item, children: item.childIds.flatMap((id) => byId.get(id) ?? []), now: input.now, timeZone: input.timeZone });
    if (status.unlocked || !status.unlocksAt) continue;
    upcoming.push({ id: item.id, title: item.title, label: status.label, unlocksAt: status.unlocksAt.toISOString(), inDays: daysBetween(today, calendarDateAt(status.unlocksAt, input.timeZone)) });
  }
  return upcoming.sort((a, b) => Date.parse(a.unlocksAt) - Date.parse(b.unlocksAt)).slice(0, COMING_UP_LIMIT);
}
