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
import { and, count, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { type LegacyCheckInsSent, legacyClock, type LegacyPeriod } from "../../../shared/family-delivery";
import type { LegacySettingsInput, LegacyStatus } from "../../../shared/guardians";
import type { Database } from "../../db/client";
import type { JobDefinition } from "../../jobs/job-queue";
import type { EmailOutbox } from "../email/email.usecases";
import { checkInEmail, releaseNoticeEmail } from "./guardians.emails";
import { familySettings, guardians, legacyEvents } from "./guardians.table";
import { hashToken, looksLikeToken, newToken } from "./guardians.tokens";
import type { FamilyReaders } from "./guardians.types";

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

export const legacyPayload = z.object({}).passthrough();
/** Every hour at :23 (check-ins and releases are days apart; an hour late is nothing). */
export const LEGACY_CRON = "23 * * * *";

export function createLegacyUsecases(options: { db: Database; memories: LegacyMemories; readers: FamilyReaders; outbox: EmailOutbox; appUrl: string; clock: () => Date }) {
  const { db, memories, readers, outbox } = options;

  async function settingsOf(userId: string) {
    return (await db.select().from(familySettings).where(eq(familySettings.userId, userId)))[0];
  }

  async function acceptedGuardians(userId: string) {
    const [{ value }] = await db.select({ value: count() }).from(guardians).where(and(eq(guardians.userId, userId), eq(guardians.kind, "guardian"), eq(guardians.status, "accepted")));
    return value;
  }

  /** The check-in emails of the period starting at `periodStart` already sent, and when. */
  async function sentCheckIns(userId: string, periodStart: Date): Promise<LegacyCheckInsSent> {
    const rows = await db
      .select({ kind: legacyEvents.kind, createdAt: legacyEvents.createdAt })
      .from(legacyEvents)
      .where(and(eq(legacyEvents.userId, userId), eq(legacyEvents.periodStart, periodStart), inArray(legacyEvents.kind, ["month-check-in", "week-check-in"])));
    const at = (kind: string) => rows.find((row) => row.kind === kind)?.createdAt ?? null;
    return { month: at("month-check-in"), week: at("week-check-in") };
  }

  /** One check-in per kind and period: the row (with its token's hash, sent `now`) and the email, or nothing if already sent. */
  async function checkIn(input: { userId: string; kind: "month-check-in" | "week-check-in"; periodStart: Date; releaseAt: Date; periodMonths: number; now: Date }) {
    const { token, hash } = newToken();
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(legacyEvents)
        .values({ userId: input.userId, kind: input.kind, periodStart: input.periodStart, tokenHash: hash, createdAt: input.now })
        .onConflictDoNothing()
        .returning({ id: legacyEvents.id });
      if (inserted.length === 0) return;
      const dad = await readers.dadOf(input.userId);
      const timeZone = await readers.timeZoneOf(input.userId);
      await outbox.queue(
        checkInEmail({
          to: dad.email,
          lastSeenAt: input.periodStart,
          releaseAt: input.releaseAt,
          periodMonths: input.periodMonths,
          marked: await memories.markedCount({ userId: input.userId }),
          timeZone,
          hereUrl: `${options.appUrl}/family/here/${token}`,
        }),
      );
    });
  }

  /** The release: the marked memories open (idempotent), then one row records it and Dad is told. */
  async function release(input: { userId: string; periodStart: Date; now: Date }) {
    const [done] = await db
      .select({ id: legacyEvents.id })
      .from(legacyEvents)
      .where(and(eq(legacyEvents.userId, input.userId), eq(legacyEvents.kind, "release"), eq(legacyEvents.periodStart, input.periodStart)));
    if (done) return;
    const released = await memories.releaseEarly({ userId: input.userId, now: input.now });
    const inserted = await db
      .insert(legacyEvents)
      .values({ userId: input.userId, kind: "release", periodStart: input.periodStart, released, createdAt: input.now })
      .onConflictDoNothing()
      .returning({ id: legacyEvents.id });
    if (inserted.length === 0) return;
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
      const periodMonths = (row?.legacyPeriodMonths ?? 6) as LegacyPeriod;
      const lastSeenAt = row?.lastSeenAt ?? null;
      const clock = enabled && lastSeenAt ? legacyClock({ lastSignAt: lastSeenAt, periodMonths, now: options.clock(), sent: await sentCheckIns(input.userId, lastSeenAt) }) : undefined;
      return {
        enabled,
        periodMonths,
        lastSeenAt: lastSeenAt?.toISOString() ?? null,
        releaseAt: clock?.releaseAt.toISOString() ?? null,
        acceptedGuardians: await acceptedGuardians(input.userId),
        markedMemories: await memories.markedCount(input),
        released: await memories.releasedEarly(input),
      };
    },

    /** Switching on (or changing the period) is itself a sign of Dad: the period starts now. */
    async set(input: { userId: string } & LegacySettingsInput) {
      const now = options.clock();
      const values = { legacyEnabled: input.enabled, legacyPeriodMonths: input.periodMonths, lastSeenAt: now, updatedAt: now };
      await db.insert(familySettings).values({ userId: input.userId, ...values }).onConflictDoUpdate({ target: familySettings.userId, set: values });
      return usecases.status(input);
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

    /** The job's run: each account switched on and not seen for long enough gets what is due now. */
    async run(input: { now: Date }) {
      const due = await db
        .select()
        .from(familySettings)
        .where(and(eq(familySettings.legacyEnabled, true), lte(familySettings.lastSeenAt, new Date(input.now.getTime() - EARLIEST_DUE_MS))));
      for (const row of due) {
        const periodStart = row.lastSeenAt!;
        const periodMonths = row.legacyPeriodMonths as LegacyPeriod;
        const sent = await sentCheckIns(row.userId, periodStart);
        const clock = legacyClock({ lastSignAt: periodStart, periodMonths, now: input.now, sent });
        if (clock.due === "release") await release({ userId: row.userId, periodStart, now: input.now });
        else if (clock.due !== "nothing") {
          // The email says when the release would come once this check-in is sent.
          const { releaseAt } = legacyClock({ lastSignAt: periodStart, periodMonths, now: input.now, sent: clock.due === "month-check-in" ? { month: input.now, week: null } : { ...sent, week: input.now } });
          await checkIn({ userId: row.userId, kind: clock.due, periodStart, releaseAt, periodMonths, now: input.now });
        }
      }
    },

    /** Releases recorded for these accounts (tests and Settings). */
    releases: (input: { userIds: string[] }) => db.select().from(legacyEvents).where(and(inArray(legacyEvents.userId, input.userIds), eq(legacyEvents.kind, "release"))),
  };

  const job: JobDefinition<typeof legacyPayload> = {
    name: "legacy-clock",
    schema: legacyPayload,
    retryLimit: 3,
    handle: async () => usecases.run({ now: options.clock() }),
  };

  return { ...usecases, job };
}

export type LegacyUsecases = ReturnType<typeof createLegacyUsecases>;
