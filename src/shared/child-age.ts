/** Whole years (and months, for babies) from a birthdate 'YYYY-MM-DD' to today. */
export function childAge(birthdate: string, today: Date = new Date()) {
  const [year, month, day] = birthdate.split("-").map(Number);
  let months = (today.getFullYear() - year) * 12 + (today.getMonth() + 1 - month);
  if (today.getDate() < day) months -= 1;
  months = Math.max(0, months);
  return { years: Math.floor(months / 12), months };
}

/** '6 years old', '1 year old', '8 months old', 'Newborn'. */
export function ageLabel(birthdate: string, today: Date = new Date()) {
  const { years, months } = childAge(birthdate, today);
  if (years >= 1) return `${years} ${years === 1 ? "year" : "years"} old`;
  if (months >= 1) return `${months} ${months === 1 ? "month" : "months"} old`;
  return "Newborn";
}
