/**
 * What 'If something happens to me' does next, as one pure function of time: the hourly job calls it for each
 * account with what was sent and said in the current period (the period starts at Dad's last sign of life), and the
 * simulation test calls it for thousands of synthetic years.
 *
 * With one key (no guardian needed) it is the inactivity clock (`legacyClock`): check-ins a month and a week before
 * the end of the period, then the release. With two keys, the release also needs at least N accepted guardians to
 * say "something has happened" in this period: the first of them sends Dad a check-in at once, and the release comes
 * only once N have said it and Dad has not answered within the veto window (7 to 30 days) since that check-in. Any
 * sign of Dad (answering the check-in, signing in) starts a new period, in which earlier alarms count no more.
 */
import { legacyClock, type LegacyPeriod } from "./family-delivery";

export const LEGACY_VETO_DAYS_MIN = 7;
export const LEGACY_VETO_DAYS_MAX = 30;
export const LEGACY_VETO_DAYS_DEFAULT = 14;
export const LEGACY_GUARDIANS_NEEDED_MAX = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

export type LegacyRule = { periodMonths: LegacyPeriod; guardiansNeeded: number; vetoDays: number };
/** What the current period has seen: the check-ins sent (and when), and when each worried guardian said so. */
export type LegacyPeriodState = {
  lastSignAt: Date;
  sent: { month: Date | null; week: Date | null; alarm: Date | null };
  alarms: Date[];
};
export type LegacyStep = "nothing" | "month-check-in" | "week-check-in" | "alarm-check-in" | "release";

export function legacyDecision(input: { rule: LegacyRule; state: LegacyPeriodState; now: Date }): { due: LegacyStep; releaseAt: Date | null } {
  const { rule, state, now } = input;
  const clock = legacyClock({ lastSignAt: state.lastSignAt, periodMonths: rule.periodMonths, now, sent: state.sent });
  if (rule.guardiansNeeded <= 0) return { due: clock.due, releaseAt: clock.releaseAt };
  // Two keys: a guardian's alarm reaches Dad at once; the inactivity check-ins still remind him his clock runs.
  if (state.alarms.length > 0 && !state.sent.alarm) return { due: "alarm-check-in", releaseAt: null };
  const enough = state.alarms.length >= rule.guardiansNeeded;
  const releaseAt = enough && state.sent.alarm ? new Date(state.sent.alarm.getTime() + rule.vetoDays * DAY_MS) : null;
  if (releaseAt && now >= releaseAt) return { due: "release", releaseAt };
  return { due: clock.due === "release" ? "nothing" : clock.due, releaseAt };
}
