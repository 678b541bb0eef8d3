/**
 * 'If something happens to me': Dad's inactivity clock, its check-in
 * emails and the one-time legacy release.
 *
 * - A sign of life (a sign-in, 'I'm here' in a check-in email, switching it on) moves
 *   `family_settings.last_seen_at`, which starts the period (shared/family-delivery `legacyClock`). A
 *   session merely kept alive (a tab left open, polling in the background) is no sign of Dad.
 * - The release comes only after both check-in emails of the period were sent and a week after the
 *   last of them, whatever the period or a job that did not run.
 * - The job (every hour, any node) writes one `legacy_events` row per (account, kind, period start):
 *   the unique key makes each check-in email and the release happen once per period, with the job run
 *   twice or on two nodes at once.
 * - The release opens the memories Dad marked (the memories usecase records them with released_early);
 *   the 'memory.unlocked' subscriber delivers them to the accepted guardians in one email each.
 */
import { and, count, eq, exists, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { LegacyPeriod } from "../../../shared/family-delivery";
import { LEGACY_VETO_DAYS_DEFAULT, legacyDecision, type LegacyPeriodState, type LegacyRule } from "../../../shared/legacy-decision";
import type { LegacySettingsInput, LegacyStatus } from "../../../shared/guardians";
import type { Database } from "../../db/client";
import type { CronJob } from "../../jobs/job-queue";
import type { OutgoingEmail } from "../email/email.types";
import type { EmailOutbox } from "../email/email.types";
import { alarmCheckInEmail, alarmNoticeEmail, checkInEmail, releaseNoticeEmail } from "./guardians.emails";
import { legacyErrors } from "./guardians.errors";
import { familySettings, guardians, legacyAlarms, legacyEvents } from "./guardians.table";
import { hashToken, looksLikeToken, newToken } from "./guardians.tokens";
import type { FamilyAccess, FamilyReaders } from "./guardians.types";

/** What the legacy clock reads and does in the memories module (through its usecases). */
export type LegacyMemories = {
  markedCount: (input: { userId: string }) => Promise<number>;
  releaseEarly: (input: { userId: string; now: Date }) => Promise<number>;
  releasedEarly: (input: { userId: string }) => Promise<Array<{ title: string; childName: string; releasedAt: string }>>;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** The shortest period's first check-in comes two months (at least 58 days) after the last sign: only accounts quiet for 55 days are read. */
const EARLIEST_DUE_MS = 55 * DAY_MS;
/** Dad unseen this long no longer counts as using his account (he is then not emailed about his children's cards). */
const DAD_ACTIVE_DAYS = 365;


export function createLegacyUsecases(options: { db: Database; memories: LegacyMemories; readers: FamilyReaders; outbox: EmailOutbox; appUrl: string; clock: () => Date }) {
  const { db, memories, readers, outbox } = options;

  async function settingsOf(userId: string) {
    return (await db.select().from(familySettings).where(eq(familySettings.userId, userId)))[0];
  }

  async function acceptedGuardians(userId: string) {
    const [{ value }] = await db.select({ value: count() }).from(guardians).where(and(eq(guardians.userId, userId), eq(guardians.kind, "guardian"), eq(guardians.status, "accepted")));
    return value;
  }

  /** What the period starting at `periodStart` has seen: the check-ins sent, and when each worried guardian said so. */
  async function periodState(userId: string, periodStart: Date): Promise<LegacyPeriodState & { worried: string[] }> {
    const rows = await db
      .select({ kind: legacyEvents.kind, createdAt: legacyEvents.createdAt })
      .from(legacyEvents)
      .where(and(eq(legacyEvents.userId, userId), eq(legacyEvents.periodStart, periodStart), inArray(legacyEvents.kind, ["month-check-in", "week-check-in", "alarm-check-in"])));
    const at = (kind: string) => rows.find((row) => row.kind === kind)?.createdAt ?? null;
    const alarms = await db
      .select({ raisedAt: legacyAlarms.raisedAt, name: guardians.name })
      .from(legacyAlarms)
      .innerJoin(guardians, eq(guardians.id, legacyAlarms.guardianId))
      .where(and(eq(legacyAlarms.userId, userId), eq(legacyAlarms.periodStart, periodStart)))
      .orderBy(legacyAlarms.raisedAt);
    return {
      lastSignAt: periodStart,
      sent: { month: at("month-check-in"), week: at("week-check-in"), alarm: at("alarm-check-in") },
      alarms: alarms.map((row) => row.raisedAt),
      worried: alarms.map((row) => row.name),
    };
  }

  const ruleOf = (row: typeof familySettings.$inferSelect): LegacyRule => ({
    periodMonths: row.legacyPeriodMonths as LegacyPeriod,
    guardiansNeeded: row.legacyGuardiansNeeded,
    vetoDays: row.legacyVetoDays,
  });

  /** One check-in per kind and period: the row (with its token's hash, sent `now`) and the email, or nothing if already sent. */
  async function checkIn(input: { userId: string; kind: "month-check-in" | "week-check-in" | "alarm-check-in"; periodStart: Date; now: Date; email: (hereUrl: string) => Promise<OutgoingEmail> }) {
    const { token, hash } = newToken();
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(legacyEvents)
        .values({ userId: input.userId, kind: input.kind, periodStart: input.periodStart, tokenHash: hash, createdAt: input.now })
        .onConflictDoNothing()
        .returning({ id: legacyEvents.id });
      if (inserted.length === 0) return;
      await outbox.queue(await input.email(`${options.appUrl}/family/here/${token}`));
    });
  }

  /** What is due now for one account switched on: a check-in, the release, or nothing. */
  async function step(row: typeof familySettings.$inferSelect, now: Date) {
    const periodStart = row.lastSeenAt!;
    const rule = ruleOf(row);
    const state = await periodState(row.userId, periodStart);
    const { due } = legacyDecision({ rule, state, now });
    if (due === "nothing") return;
    if (due === "release") return release({ userId: row.userId, periodStart, now });
    const dad = await readers.dadOf(row.userId);
    const timeZone = await readers.timeZoneOf(row.userId);
    const marked = await memories.markedCount({ userId: row.userId });
    if (due === "alarm-check-in") {
      const answerBy = new Date(now.getTime() + rule.vetoDays * DAY_MS);
      const worried = state.worried[0] ?? "One of your guardians";
      return checkIn({ userId: row.userId, kind: due, periodStart, now, email: async (hereUrl) => alarmCheckInEmail({ to: dad.email, worried, guardiansNeeded: rule.guardiansNeeded, vetoDays: rule.vetoDays, answerBy, marked, timeZone, hereUrl }) });
    }
    // The email says when the release would come once this check-in is sent.
    const sent = due === "month-check-in" ? { ...state.sent, month: now } : { ...state.sent, week: now };
    const { releaseAt } = legacyDecision({ rule: { ...rule, guardiansNeeded: 0 }, state: { ...state, sent }, now });
    return checkIn({
      userId: row.userId,
      kind: due,
      periodStart,
      now,
      email: async (hereUrl) => checkInEmail({ to: dad.email, lastSeenAt: periodStart, releaseAt: releaseAt!, periodMonths: rule.periodMonths, marked, timeZone, hereUrl }),
    });
  }

  /** The release: the marked memories open (idempotent), then one row records it and Dad is told. */
  async function release(input: { userId: string; periodStart: Date; now: Date }) {
    // One run at a time per account (two nodes, or the job beside a guardian's alarm): the second finds the row, so
    // the row's count is the release's, never the empty count of a run that found the memories already opened.
    const released = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`legacy-release:${input.userId}`}))`);
      const [done] = await tx
        .select({ id: legacyEvents.id })
        .from(legacyEvents)
        .where(and(eq(legacyEvents.userId, input.userId), eq(legacyEvents.kind, "release"), eq(legacyEvents.periodStart, input.periodStart)));
      if (done) return undefined;
      const count = await memories.releaseEarly({ userId: input.userId, now: input.now });
      await tx.insert(legacyEvents).values({ userId: input.userId, kind: "release", periodStart: input.periodStart, released: count, createdAt: input.now });
      return count;
    });
    if (released === undefined) return;
    const dad = await readers.dadOf(input.userId);
    await outbox.queue(releaseNoticeEmail({ to: dad.email, released, settingsUrl: `${options.appUrl}/settings` }));
  }

  /** Moves the clock to `at` (never backwards); kept with the legacy release off too, to tell whether Dad still uses his account. */
  async function seen(input: { userId: string; at: Date }) {
    await db
      .insert(familySettings)
      .values({ userId: input.userId, lastSeenAt: input.at })
      .onConflictDoUpdate({ target: familySettings.userId, set: { lastSeenAt: sql`greatest(${familySettings.lastSeenAt}, ${input.at.toISOString()}::timestamptz)` } });
  }

  const usecases = {
    async status(input: { userId: string }): Promise<LegacyStatus> {
      const row = await settingsOf(input.userId);
      const enabled = row?.legacyEnabled ?? false;
      const lastSeenAt = row?.lastSeenAt ?? null;
      const state = row && enabled && lastSeenAt ? await periodState(input.userId, lastSeenAt) : undefined;
      const decision = row && state ? legacyDecision({ rule: ruleOf(row), state, now: options.clock() }) : undefined;
      return {
        enabled,
        periodMonths: (row?.legacyPeriodMonths ?? 6) as LegacyPeriod,
        lastSeenAt: lastSeenAt?.toISOString() ?? null,
        releaseAt: decision?.releaseAt?.toISOString() ?? null,
        acceptedGuardians: await acceptedGuardians(input.userId),
        guardiansNeeded: row?.legacyGuardiansNeeded ?? 0,
        vetoDays: row?.legacyVetoDays ?? LEGACY_VETO_DAYS_DEFAULT,
        worried: state?.worried ?? [],
        markedMemories: await memories.markedCount(input),
        released: await memories.releasedEarly(input),
      };
    },

    /** Switching on (or changing the rule) is itself a sign of Dad: the period starts now. The second key needs that many accepted guardians. */
    async set(input: { userId: string } & LegacySettingsInput) {
      if (input.enabled && input.guardiansNeeded > (await acceptedGuardians(input.userId))) throw legacyErrors.tooFewGuardians();
      const now = options.clock();
      const values = {
        legacyEnabled: input.enabled,
        legacyPeriodMonths: input.periodMonths,
        legacyGuardiansNeeded: input.guardiansNeeded,
        legacyVetoDays: input.vetoDays,
        lastSeenAt: now,
        updatedAt: now,
      };
      await db.insert(familySettings).values({ userId: input.userId, ...values }).onConflictDoUpdate({ target: familySettings.userId, set: values });
      return usecases.status(input);
    },

    /** The second key as a guardian's page offers it ("I'm worried about him"), or undefined when Dad did not ask for it. */
    async worryRule(input: { userId: string }) {
      const row = await settingsOf(input.userId);
      return row?.legacyEnabled && row.legacyGuardiansNeeded > 0 && row.lastSeenAt ? { guardiansNeeded: row.legacyGuardiansNeeded, vetoDays: row.legacyVetoDays } : undefined;
    },

    /**
     * A guardian says "something has happened" (once per period): Dad gets his check-in at once and the other
     * guardians are told. False when the second key is not asked for (nothing recorded).
     */
    async worry(input: { access: FamilyAccess }) {
      const { access } = input;
      if (access.kind !== "guardian") return false;
      const row = await settingsOf(access.userId);
      if (!row?.legacyEnabled || row.legacyGuardiansNeeded <= 0 || !row.lastSeenAt) return false;
      const now = options.clock();
      const inserted = await db
        .insert(legacyAlarms)
        .values({ userId: access.userId, guardianId: access.guardianId, periodStart: row.lastSeenAt, raisedAt: now })
        .onConflictDoNothing()
        .returning({ raisedAt: legacyAlarms.raisedAt });
      if (inserted.length === 0) return true;
      await step(row, now);
      const state = await periodState(access.userId, row.lastSeenAt);
      const dad = await readers.dadOf(access.userId);
      const [worried] = await db.select({ name: guardians.name }).from(guardians).where(eq(guardians.id, access.guardianId));
      const others = await db
        .select({ name: guardians.name, email: guardians.email })
        .from(guardians)
        .where(and(eq(guardians.userId, access.userId), eq(guardians.kind, "guardian"), eq(guardians.status, "accepted"), sql`${guardians.id} <> ${access.guardianId}`));
      const stillNeeded = Math.max(0, row.legacyGuardiansNeeded - state.alarms.length);
      for (const other of others) {
        await outbox.queue(alarmNoticeEmail({ to: other.email, guardianName: other.name, worried: worried.name, dadName: dad.name, stillNeeded, vetoDays: row.legacyVetoDays }));
      }
      return true;
    },

    /** A sign-in ('account.active'). */
    seen,

    /**
     * Whether Dad still uses his account: seen within the last year (or never recorded: an account from before the
     * clock was kept for everyone), and not released by 'If something happens to me' since his last sign.
     */
    async dadActive(input: { userId: string }) {
      const lastSeenAt = (await settingsOf(input.userId))?.lastSeenAt;
      if (!lastSeenAt) return true;
      if (lastSeenAt.getTime() < options.clock().getTime() - DAD_ACTIVE_DAYS * DAY_MS) return false;
      const [released] = await db
        .select({ id: legacyEvents.id })
        .from(legacyEvents)
        .where(and(eq(legacyEvents.userId, input.userId), eq(legacyEvents.kind, "release"), eq(legacyEvents.periodStart, lastSeenAt)));
      return !released;
    },

    /** 'I'm here' from a check-in email: true when the token is one we sent (the clock restarts). */
    async imHere(input: { token: string }) {
      if (!looksLikeToken(input.token)) return false;
      const [row] = await db.select({ userId: legacyEvents.userId }).from(legacyEvents).where(eq(legacyEvents.tokenHash, hashToken(input.token)));
      if (!row) return false;
      await seen({ userId: row.userId, at: options.clock() });
      return true;
    },

    /** Whether a check-in token is one we sent (the 'I'm here' page before the tap). */
    async knowsToken(input: { token: string }) {
      if (!looksLikeToken(input.token)) return false;
      return (await db.select({ id: legacyEvents.id }).from(legacyEvents).where(and(eq(legacyEvents.tokenHash, hashToken(input.token)), isNotNull(legacyEvents.tokenHash)))).length > 0;
    },

    /** The job's run: each account switched on and quiet for long enough, or with a worried guardian, gets what is due now. */
    async run(input: { now: Date }) {
      const worried = db
        .select({ one: sql`1` })
        .from(legacyAlarms)
        .where(and(eq(legacyAlarms.userId, familySettings.userId), eq(legacyAlarms.periodStart, familySettings.lastSeenAt)));
      const due = await db
        .select()
        .from(familySettings)
        .where(and(eq(familySettings.legacyEnabled, true), or(lte(familySettings.lastSeenAt, new Date(input.now.getTime() - EARLIEST_DUE_MS)), exists(worried))));
      for (const row of due) await step(row, input.now);
    },

    /** Releases recorded for these accounts (tests and Settings). */
    releases: (input: { userIds: string[] }) => db.select().from(legacyEvents).where(and(inArray(legacyEvents.userId, input.userIds), eq(legacyEvents.kind, "release"))),
  };

  /** Every hour at :23 (check-ins and releases are days apart; an hour late is nothing). */
  const job: CronJob = { name: "legacy-clock", cron: "23 * * * *", run: () => usecases.run({ now: options.clock() }) };

  return { ...usecases, job };
}

export type LegacyUsecases = ReturnType<typeof createLegacyUsecases>;
