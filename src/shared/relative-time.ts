const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** Spec 000 §9: under 1 hour 'Just now'; under 24 hours 'Nh ago'; under 7 days 'Nd ago'; else the date. */
export function relativeTime(at: Date, now: Date, locale?: string) {
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < HOUR) return "Just now";
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return at.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
}
