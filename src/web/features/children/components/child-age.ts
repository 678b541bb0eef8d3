import { ageOn, nextBirthday, yearsOldLabel } from "../../../../shared/calendar";

/** What a card shows about a child's age and next birthday, from the viewer's today. */
export function describeChildAge(birthdate: string, today: string) {
  const next = nextBirthday(birthdate, today);
  const [year, month, day] = next.date.split("-").map(Number);
  return {
    ageLabel: yearsOldLabel(ageOn(birthdate, today).years),
    nextDate: new Date(year, month - 1, day).toLocaleDateString(undefined, { month: "long", day: "numeric", year: "numeric" }),
    daysAway: next.daysAway === 0 ? "Today" : next.daysAway === 1 ? "Tomorrow" : `In ${next.daysAway} days`,
    turning: next.turning,
  };
}
