import { ageInYears, ageLabel, nextBirthday } from "../../../../shared/children";

/** What a card shows about a child's age and next birthday, from the viewer's today. */
export function describeChildAge(birthdate: string, today: string) {
  const next = nextBirthday(birthdate, today);
  const [year, month, day] = next.date.split("-").map(Number);
  return {
    ageLabel: ageLabel(ageInYears(birthdate, today)),
    nextDate: new Date(year, month - 1, day).toLocaleDateString(undefined, { month: "long", day: "numeric", year: "numeric" }),
    daysAway: next.daysAway === 0 ? "Today" : next.daysAway === 1 ? "Tomorrow" : `In ${next.daysAway} days`,
    turning: next.turning,
  };
}
