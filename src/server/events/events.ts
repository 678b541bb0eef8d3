/**
 * Typed events between modules. A module emits what happened; the modules that react subscribe
 * in their own registration (`<module>.module.ts`), so adding a reaction never edits the
 * composition root. `emit` runs every subscriber and awaits them; if any fails it throws after
 * all have run, so the caller (a job) retries. Subscribers must therefore be idempotent.
 *
 * 'memory.unlocked' is durable: the memories module records the unlock row first and delivers it
 * from that row until every subscriber has succeeded (see memories.unlocks.ts).
 */
import type { MemoryKind } from "../../shared/memories";
import type { UnlockType } from "../../shared/unlock-rules";

export type AppEvents = {
  /** A memory opened for a child (recorded once per memory and child). */
  "memory.unlocked": {
    userId: string;
    memoryId: string;
    kind: MemoryKind;
    childId: string;
    unlockedAt: Date;
    unlockType: UnlockType;
    /** Opened by Dad's legacy release ('If something happens to me'), before its own rule. */
    releasedEarly?: boolean;
    /** For messages: the memory's title and the child's name as they are now. */
    title: string;
    childName: string;
  };
  /** A narration or quick note was saved with its voice recording. */
  "memory.recorded": { userId: string; memoryId: string };
  "video.ready": { userId: string; videoId: string; title: string; childId: string | null; childName: string };
  "video.failed": { userId: string; videoId: string; title: string; childId: string | null; childName: string; error: string };
  "gift.paid": { checkoutSessionId: string; buyerEmail: string; months: number };
  /** Billing worked out an access (trial, subscription, gift, grant) other than the one recorded for the account. */
  "access.changed": { userId: string; hasAccess: boolean };
  /** Someone typed or scanned a keepsake card's claim code: the child's guardians get fresh links. */
  /** After the account's rows are gone; `uploadIds` name the uploads whose bytes live outside the database. */
  "account.deleted": { userId: string; uploadIds: string[] };
  /** A child was deleted, with what hung on it only; memories shared with other children stay (their age unlocks move). */
  "child.deleted": { userId: string; childId: string };
  /** A child's birthdate changed (age unlocks move with it). */
  "child.birthdate-changed": { userId: string; childId: string };
  /** The account's time zone changed (date and age unlocks move with it). */
  "account.time-zone-changed": { userId: string };
  /** Dad signed in or kept a session alive (a sign of life for 'If something happens to me'). */
  "account.active": { userId: string; at: Date };
};

export type EventName = keyof AppEvents;
export type EventHandler<Name extends EventName> = (payload: AppEvents[Name]) => Promise<void>;

export type EventBus = {
  on: <Name extends EventName>(name: Name, handler: EventHandler<Name>) => void;
  emit: <Name extends EventName>(name: Name, payload: AppEvents[Name]) => Promise<void>;
};

export function createEventBus(): EventBus {
  const handlers = new Map<EventName, Array<EventHandler<never>>>();
  return {
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as EventHandler<never>]);
    },
    async emit(name, payload) {
      const results = await Promise.allSettled((handlers.get(name) ?? []).map((handler) => (handler as EventHandler<typeof name>)(payload)));
      const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, `${failures.length} subscribers of ${name} failed`);
    },
  };
}
