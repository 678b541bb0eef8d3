import { describe, expect, it } from "vitest";
import { type LegacyPeriod, LEGACY_NOTICE_MS } from "./family-delivery";
import { legacyDecision, type LegacyPeriodState, type LegacyRule } from "./legacy-decision";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2030, 0, 1);
const at = (day: number) => new Date(T0 + day * DAY);
const fresh = (lastSignDay: number): LegacyPeriodState => ({ lastSignAt: at(lastSignDay), sent: { month: null, week: null, alarm: null }, alarms: [] });

describe("legacyDecision", () => {
  it("with one key is the inactivity clock: check-ins, then the release a week after the last", () => {
    const rule: LegacyRule = { periodMonths: 3, guardiansNeeded: 0, vetoDays: 14 };
    expect(legacyDecision({ rule, state: fresh(0), now: at(10) }).due).toBe("nothing");
    expect(legacyDecision({ rule, state: fresh(0), now: at(60) }).due).toBe("month-check-in");
    const sent = { month: at(60), week: at(83), alarm: null };
    expect(legacyDecision({ rule, state: { ...fresh(0), sent }, now: at(89) }).due).toBe("nothing");
    expect(legacyDecision({ rule, state: { ...fresh(0), sent }, now: at(91) }).due).toBe("release");
  });

  it("with two keys: the first alarm checks in at once; the release needs N alarms and the veto window passed since that check-in", () => {
    const rule: LegacyRule = { periodMonths: 12, guardiansNeeded: 2, vetoDays: 10 };
    const one = { ...fresh(0), alarms: [at(20)] };
    expect(legacyDecision({ rule, state: one, now: at(20) }).due).toBe("alarm-check-in");
    const checkedIn = { ...one, sent: { month: null, week: null, alarm: at(20) } };
    // One guardian is not enough, however long Dad stays silent, even past his whole period.
    expect(legacyDecision({ rule, state: checkedIn, now: at(40) })).toEqual({ due: "nothing", releaseAt: null });
    expect(legacyDecision({ rule, state: { ...checkedIn, sent: { month: at(335), week: at(358), alarm: at(20) } }, now: at(400) }).due).toBe("nothing");
    const two = { ...checkedIn, alarms: [at(20), at(22)] };
    expect(legacyDecision({ rule, state: two, now: at(29) })).toEqual({ due: "nothing", releaseAt: at(30) });
    expect(legacyDecision({ rule, state: two, now: at(30) }).due).toBe("release");
  });
});

/** A small seeded generator, so every run simulates the same fathers. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Spell = { from: number; to: number; canAnswer: boolean; kind: "flight" | "hospital" | "lost phone" };

/**
 * One synthetic year of one father, a day at a time (the job runs hourly; a day is finer than any step of the rule).
 * He uses the app every few days except while flying, in hospital (8 weeks) or without his phone; he answers a
 * check-in after a day or two, or when he can again. A guardian may raise a mistaken alarm while he is unreachable.
 * One year in ten he dies on a random day, and each of three guardians says so (85%) within three weeks.
 */
function simulateYear(seed: number) {
  const rand = random(seed);
  const between = (low: number, high: number) => low + Math.floor(rand() * (high - low + 1));
  const rule: LegacyRule = { periodMonths: ([3, 6, 12] as LegacyPeriod[])[between(0, 2)], guardiansNeeded: between(0, 2), vetoDays: between(7, 30) };
  const spells: Spell[] = [];
  for (let i = between(1, 4); i > 0; i--) {
    const from = between(0, 360);
    spells.push({ from, to: from + between(1, 3), canAnswer: false, kind: "flight" });
  }
  if (rand() < 0.08) {
    const from = between(0, 300);
    spells.push({ from, to: from + 56, canAnswer: rand() < 0.5, kind: "hospital" });
  }
  if (rand() < 0.15) {
    const from = between(0, 340);
    spells.push({ from, to: from + 14, canAnswer: false, kind: "lost phone" });
  }
  const diesOn = rand() < 0.1 ? between(0, 364) : null;
  const horizon = diesOn === null ? 365 : diesOn + 500;
  const usageGap = between(1, 10);
  const spellOn = (day: number) => spells.find((spell) => day >= spell.from && day < spell.to);

  const alarms: number[] = [];
  if (rule.guardiansNeeded > 0) {
    if (diesOn !== null) for (let g = 0; g < 3; g++) if (rand() < 0.85) alarms.push(diesOn + between(1, 21));
    // A mistaken alarm: a worried guardian, while he is unreachable, or out of the blue.
    const unreachable = spells.find((spell) => !spell.canAnswer && spell.to - spell.from >= 3);
    if (unreachable && rand() < 0.5) alarms.push(unreachable.from + 2);
    if (rand() < 0.05) alarms.push(between(0, 364));
  }

  let state: LegacyPeriodState = { lastSignAt: at(0), sent: { month: null, week: null, alarm: null }, alarms: [] };
  let nextUse = between(1, usageGap);
  const answers: number[] = [];
  let answeredInTime = true;
  const sign = (day: number) => {
    state = { lastSignAt: at(day), sent: { month: null, week: null, alarm: null }, alarms: [] };
  };
  for (let day = 1; day <= horizon; day++) {
    const alive = diesOn === null || day < diesOn;
    const spell = spellOn(day);
    if (alive && (answers.some((answerDay) => answerDay <= day) || (day >= nextUse && !spell))) {
      sign(day);
      answers.length = 0;
      nextUse = day + between(1, usageGap);
    }
    for (const alarmDay of alarms) if (alarmDay === day) state.alarms.push(at(day));
    const { due } = legacyDecision({ rule, state, now: at(day) });
    if (due === "release") return { rule, diesOn, releasedOn: day, answeredInTime, spells };
    if (due === "nothing") continue;
    const sentAt = at(day);
    state.sent = { ...state.sent, [due === "month-check-in" ? "month" : due === "week-check-in" ? "week" : "alarm"]: sentAt };
    if (!alive) continue;
    // He answers a day or two after he can: at once if his spell lets him, else when it ends.
    const blocked = spell && !spell.canAnswer ? spell.to : day;
    const answerDay = blocked + between(0, 2);
    const window = due === "alarm-check-in" ? rule.vetoDays : LEGACY_NOTICE_MS / DAY;
    if (answerDay - day > window) answeredInTime = false;
    if (diesOn !== null && answerDay >= diesOn) answeredInTime = false;
    answers.push(answerDay);
  }
  return { rule, diesOn, releasedOn: null, answeredInTime, spells };
}

describe("10,000 synthetic years of fathers", () => {
  it("releases nothing while the father answers a check-in within its window; a father who died is released", () => {
    const years = Array.from({ length: 10_000 }, (_, i) => simulateYear(i + 1));
    const releases = years.filter((year) => year.releasedOn !== null);
    const falseReleases = releases.filter((year) => year.diesOn === null || year.releasedOn! < year.diesOn);
    const answering = years.filter((year) => year.diesOn === null && year.answeredInTime);
    const died = years.filter((year) => year.diesOn !== null);
    const trueReleases = releases.filter((year) => year.diesOn !== null && year.releasedOn! >= year.diesOn);
    const median = (list: typeof trueReleases) => {
      const days = list.map((year) => year.releasedOn! - year.diesOn!).sort((a, b) => a - b);
      return days[Math.floor(days.length / 2)];
    };
    const byKeys = (needed: number) => median(trueReleases.filter((year) => year.rule.guardiansNeeded === needed));
    console.info(
      `legacy simulation: ${years.length} years, ${died.length} deaths, ${releases.length} releases, ${falseReleases.length} false releases ` +
        `(${[0, 1, 2].map((needed) => `${falseReleases.filter((y) => y.rule.guardiansNeeded === needed).length} needing ${needed} guardian(s)`).join(", ")}; ` +
        `in hospital ${falseReleases.filter((y) => y.spells.some((spell) => spell.kind === "hospital")).length}, without a phone ${falseReleases.filter((y) => y.spells.some((spell) => spell.kind === "lost phone")).length}), ` +
        `${answering.length} living fathers answering in time with ${answering.filter((y) => y.releasedOn !== null).length} releases, ` +
        `${trueReleases.length} true releases, median ${median(trueReleases)} days after death (one key ${byKeys(0)}, two keys ${byKeys(1)} with N=1, ${byKeys(2)} with N=2), ` +
        `${died.length - trueReleases.length} deaths not released within 500 days`,
    );
    expect(answering.length).toBeGreaterThan(8_000);
    expect(answering.filter((year) => year.releasedOn !== null)).toEqual([]);
    // Most fathers who died are released (not all: with two keys, too few guardians may say so).
    expect(trueReleases.length).toBeGreaterThan(died.length * 0.8);
  });
});
