import { z } from "zod";
import type { AppEvents } from "../../events/events";
import { calendarDateAt, formatCalendarDate } from "../../../shared/calendar";
import { arrivalWords, digestFor, sendTimeFor } from "../../../shared/family-delivery";
import { FAMILY_LINK_DAYS, type MemoryDelivery } from "../../../shared/guardians";
import type { JobDefinition, JobQueue } from "../../jobs/job-queue";
import type { EmailSender } from "../email/email.types";
import type { DeliveriesRepository, DeliveryRow } from "./guardians.deliveries.repository";
import { deliveryEmail, digestEmail, legacyDeliveryEmail } from "./guardians.emails";
import type { FamilyLinksUsecases } from "./guardians.links";
import type { ChildPageSource, FamilyReaders } from "./guardians.types";

/** What delivery reads of the 'memory.unlocked' event (recorded once per memory and child). */
export type MemoryUnlocked = Pick<AppEvents["memory.unlocked"], "userId" | "memoryId" | "kind" | "childId" | "unlockedAt" | "unlockType" | "releasedEarly">;

export const deliverPayload = z.object({ deliveryId: z.uuid() });
export const digestPayload = z.object({ guardianId: z.uuid(), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
/** A send is retried this often (with back-off) before the delivery is given up and shown as failed. */
export const DELIVERY_RETRIES = 6;
/** How long a legacy email's job waits for the rest of the release before leaving it to a retry. */
const RELEASE_WAIT_MS = 15_000;

/**
 * When and how the family hears of an unlock, in the account's time zone: Dad's legacy release in one email that
 * day, a 'now' memory in the 20:00 digest (digestFor), anything else on its own, not before 08:00 (sendTimeFor).
 */
function scheduleOf(event: Pick<MemoryUnlocked, "unlockedAt" | "unlockType" | "releasedEarly">, timeZone: string) {
  if (event.releasedEarly) {
    return { mode: "legacy" as const, digestDay: formatCalendarDate(calendarDateAt(event.unlockedAt, timeZone)), sendAt: sendTimeFor({ unlockedAt: event.unlockedAt, timeZone }) };
  }
  if (event.unlockType === "now") {
    const digest = digestFor({ unlockedAt: event.unlockedAt, timeZone });
    return { mode: "digest" as const, digestDay: digest.day, sendAt: digest.sendAt };
  }
  return { mode: "single" as const, digestDay: null, sendAt: sendTimeFor({ unlockedAt: event.unlockedAt, timeZone }) };
}

export function createDeliveriesUsecases(options: {
  deliveries: DeliveriesRepository;
  links: Pick<FamilyLinksUsecases, "createLink">;
  source: ChildPageSource;
  readers: FamilyReaders;
  /** Sent directly (not through the outbox): the delivery row records the refusal, and the job retries. */
  send: EmailSender;
  jobs: Pick<JobQueue, "send">;
  /** The children a memory is still to open for, each with when and by which rule (the forecast Dad sees). */
  openings: (input: { userId: string; memoryId: string }) => Promise<Array<{ childId: string; opensAt: Date; unlockType: MemoryUnlocked["unlockType"] }>>;
  /** Whether every unlock of Dad's legacy release has been dispatched (each one adds rows to its email). */
  releaseDispatched: (userId: string) => Promise<boolean>;
  now?: () => Date;
}) {
  const { deliveries, readers } = options;
  const now = options.now ?? (() => new Date());

  // Unlocks come in bursts (a birthday, a legacy release, 10,000 dates due at once): a node takes eight sends at a time.
  const deliverJob: JobDefinition<typeof deliverPayload> = {
    name: "family-deliver",
    schema: deliverPayload,
    retryLimit: DELIVERY_RETRIES,
    batchSize: 8,
    handle: (payload) => deliverOne(payload.deliveryId),
  };
  const digestJob: JobDefinition<typeof digestPayload> = {
    name: "family-digest",
    schema: digestPayload,
    retryLimit: DELIVERY_RETRIES,
    batchSize: 4,
    handle: (payload) => deliverDigest(payload),
  };
  const legacyJob: JobDefinition<typeof digestPayload> = {
    name: "family-legacy-release",
    schema: digestPayload,
    retryLimit: DELIVERY_RETRIES,
    handle: (payload) => deliverLegacy(payload),
  };

  async function enqueue(row: DeliveryRow) {
    const startAfter = row.sendAt > now() ? row.sendAt : undefined;
    if (row.mode === "single") await options.jobs.send(deliverJob, { deliveryId: row.id }, { singletonKey: row.id, startAfter });
    else if (row.mode === "legacy") await options.jobs.send(legacyJob, { guardianId: row.guardianId, day: row.digestDay! }, { singletonKey: `legacy:${row.guardianId}:${row.digestDay}`, startAfter });
    else await options.jobs.send(digestJob, { guardianId: row.guardianId, day: row.digestDay! }, { singletonKey: `${row.guardianId}:${row.digestDay}`, startAfter });
  }

  /**
   * Sends inside the transaction that holds the rows (FOR UPDATE SKIP LOCKED): a second worker finds
   * nothing to claim, a sent row is never sent again. A refusal is recorded on the rows, then thrown
   * so the job queue retries; after the last retry the rows are marked failed.
   */
  async function sendClaimed(claim: Parameters<DeliveriesRepository["claim"]>[1], compose: (rows: DeliveryRow[]) => Promise<Parameters<EmailSender>[0] | undefined>) {
    let failure: unknown;
    await deliveries.db.transaction(async (tx) => {
      const claimed = await deliveries.claim(tx, claim);
      const live: DeliveryRow[] = [];
      for (const row of claimed) (await deliveries.stillReceives(tx, row) ? live : []).push(row);
      await deliveries.mark(tx, claimed.filter((row) => !live.includes(row)).map((row) => row.id), { status: "skipped" });
      if (live.length === 0) return;
      const ids = live.map((row) => row.id);
      try {
        const email = await compose(live);
        if (!email) return deliveries.mark(tx, ids, { status: "skipped" });
        await options.send(email);
        await deliveries.mark(tx, ids, { status: "sent", sentAt: now(), error: null });
      } catch (error) {
        failure = error;
        const givenUp = live[0].attempts + 1 > DELIVERY_RETRIES;
        await deliveries.mark(tx, ids, { status: givenUp ? "failed" : "pending", error: error instanceof Error ? error.message.slice(0, 300) : String(error) });
      }
    });
    if (failure) throw failure;
  }

  async function deliverOne(deliveryId: string) {
    await sendClaimed({ deliveryId }, async ([row]) => {
      const guardian = await deliveries.guardian(deliveries.db, row.guardianId);
      const memory = await options.source.memory({ userId: row.userId, childId: row.childId, memoryId: row.memoryId });
      const child = await options.source.child({ userId: row.userId, childId: row.childId });
      if (!guardian || !memory || !child) return undefined;
      const pageUrl = await options.links.createLink({ guardianId: guardian.id, childId: child.id });
      const dad = await readers.dadOf(row.userId);
      return deliveryEmail({ to: guardian.email, guardianName: guardian.name, dadName: dad.calledAs, childName: child.name, memory, pageUrl, days: FAMILY_LINK_DAYS });
    });
  }

  /** The rows' memories grouped per child, with a fresh link to each child's page. */
  async function perChildOf(guardian: { id: string; userId: string }, rows: DeliveryRow[]) {
    const perChild = [];
    for (const childId of [...new Set(rows.map((row) => row.childId))]) {
      const child = await options.source.child({ userId: guardian.userId, childId });
      if (!child) continue;
      const titles = [];
      for (const row of rows.filter((r) => r.childId === childId)) {
        const memory = await options.source.memory({ userId: guardian.userId, childId, memoryId: row.memoryId });
        if (memory) titles.push(memory.title);
      }
      if (titles.length) perChild.push({ childName: child.name, titles, pageUrl: await options.links.createLink({ guardianId: guardian.id, childId }) });
    }
    return perChild;
  }

  /** Polls until the release's last unlock is dispatched; false if it still is not after RELEASE_WAIT_MS (the job is retried). */
  async function releaseSettles(userId: string) {
    const deadline = Date.now() + RELEASE_WAIT_MS;
    while (!(await options.releaseDispatched(userId))) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return true;
  }

  /**
   * Dad's legacy release: one email per guardian with what it opened for each of their children. The
   * job starts with the release's first unlock, so it waits for the others: sent earlier, it would
   * hold only the memories dispatched so far, and the rest would follow in a second email.
   */
  async function deliverLegacy(input: { guardianId: string; day: string }) {
    const owner = await deliveries.guardian(deliveries.db, input.guardianId);
    if (owner && !(await releaseSettles(owner.userId))) throw new Error("The legacy release is still being dispatched: its email waits for the rest.");
    await sendClaimed({ guardianId: input.guardianId, digestDay: input.day, mode: "legacy" }, async (rows) => {
      const guardian = await deliveries.guardian(deliveries.db, input.guardianId);
      if (!guardian) return undefined;
      const perChild = await perChildOf(guardian, rows);
      if (perChild.length === 0) return undefined;
      const dad = await readers.dadOf(guardian.userId);
      return legacyDeliveryEmail({ to: guardian.email, guardianName: guardian.name, dadName: dad.calledAs, children: perChild, days: FAMILY_LINK_DAYS });
    });
  }

  async function deliverDigest(input: { guardianId: string; day: string }) {
    await sendClaimed({ guardianId: input.guardianId, digestDay: input.day, mode: "digest" }, async (rows) => {
      const guardian = await deliveries.guardian(deliveries.db, input.guardianId);
      if (!guardian) return undefined;
      const perChild = await perChildOf(guardian, rows);
      if (perChild.length === 0) return undefined;
      const dad = await readers.dadOf(guardian.userId);
      return digestEmail({ to: guardian.email, guardianName: guardian.name, dadName: dad.calledAs, children: perChild, days: FAMILY_LINK_DAYS });
    });
  }

  return {
    jobs: [deliverJob, digestJob, legacyJob] as JobDefinition<z.ZodType>[],

    /**
     * The 'memory.unlocked' subscriber: one delivery row per accepted guardian of the child (the unique
     * key skips those already there), then a job for every row still pending. Running it twice, or on
     * two nodes at once, delivers once.
     */
    async memoryUnlocked(event: MemoryUnlocked) {
      const recipients = await deliveries.recipients({ userId: event.userId, childId: event.childId });
      if (recipients.length > 0) {
        const schedule = scheduleOf(event, await readers.timeZoneOf(event.userId));
        await deliveries.insert(
          recipients.map((guardian) => ({
            userId: event.userId,
            memoryId: event.memoryId,
            childId: event.childId,
            guardianId: guardian.id,
            ...schedule,
            unlockedAt: event.unlockedAt,
          })),
        );
      }
      for (const row of await deliveries.pendingFor(event)) await enqueue(row);
    },

    /**
     * Who a memory went to and when they opened the child's page ('Grandma opened it on 3 May'); for one still waiting
     * for its hour, when it goes ('tonight at 8 pm'): the hour the schedule stored, read in the account's time zone
     * the schedule used. Then, for each child it has yet to open for, when each of that child's guardians will get it:
     * the same schedule applied to the instant it opens for that child ('upcoming').
     */
    async forMemory(input: { userId: string; memoryId: string }): Promise<MemoryDelivery[]> {
      const [rows, family, timeZone, openings] = await Promise.all([
        deliveries.forMemory(input),
        readers.childrenOf(input.userId),
        readers.timeZoneOf(input.userId),
        options.openings(input),
      ]);
      const names = new Map(family.map((child) => [child.id, child.name]));
      const at = now();
      const delivered = rows.map((row): MemoryDelivery => ({
        guardianName: row.guardianName,
        childName: names.get(row.childId) ?? "",
        status: row.status,
        sentAt: row.sentAt?.toISOString() ?? null,
        openedAt: row.openedAt?.toISOString() ?? null,
        arrives: row.status === "pending" && !row.error ? arrivalWords({ sendAt: row.sendAt, now: at, timeZone }) : null,
        problem: row.status === "sent" ? null : row.error,
      }));
      const upcoming = [];
      for (const opening of openings) {
        const { sendAt } = scheduleOf({ unlockedAt: opening.opensAt, unlockType: opening.unlockType, releasedEarly: false }, timeZone);
        for (const guardian of await deliveries.recipients({ userId: input.userId, childId: opening.childId })) {
          if (rows.some((row) => row.childId === opening.childId && row.guardianId === guardian.id)) continue;
          upcoming.push({ sendAt, guardianName: guardian.name, childName: names.get(opening.childId) ?? "" });
        }
      }
      upcoming.sort((a, b) => a.sendAt.getTime() - b.sendAt.getTime() || a.guardianName.localeCompare(b.guardianName));
      return [
        ...delivered,
        ...upcoming.map((next): MemoryDelivery => ({
          guardianName: next.guardianName,
          childName: next.childName,
          status: "upcoming",
          sentAt: null,
          openedAt: null,
          arrives: arrivalWords({ sendAt: next.sendAt, now: at, timeZone }),
          problem: null,
        })),
      ];
    },

    problems: (input: { userId: string }) => deliveries.problems(input.userId),
  };
}

export type DeliveriesUsecases = ReturnType<typeof createDeliveriesUsecases>;
