/**
 * The child's own address and the hand-over of the child's page.
 *
 * - Dad may name a child's own address once the child is 13 (the address confirms itself as after the card's
 *   question) and sees and withdraws every address of the child, also one let in by the card.
 * - On the birthday Dad chose (18 by default), in his time zone, the child gets "Your dad left you N messages" with
 *   a fresh link, and the guardians (and Dad, while active) are told. The job runs every hour, so each time zone's
 *   day is met; one `child_handovers` row per child and age makes it happen once, on any node, run twice.
 */
import { ageOn, todayIn } from "../../../shared/calendar";
import { DEFAULT_HANDOVER_AGE, OWN_ADDRESS_MIN_AGE, type OwnKeyStatus } from "../../../shared/child-key";
import type { CronJob } from "../../jobs/job-queue";
import type { EmailOutbox } from "../email/email.types";
import type { ChildKeyUsecases } from "./guardians.child-key";
import { handoverEmail, handoverNoticeEmail } from "./guardians.child-key.emails";
import type { ChildKeyRepository } from "./guardians.child-key.repository";
import { ownKeyErrors } from "./guardians.errors";
import type { FamilyLinksUsecases } from "./guardians.links";
import type { OwnKeyRepository } from "./guardians.own-key.repository";
import type { ChildPageSource, FamilyReaders } from "./guardians.types";

/** Addresses Dad may name for one child in a day (each emails a confirmation link). */
const NAMED_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export function createOwnKeyUsecases(options: {
  repository: OwnKeyRepository;
  childKeyRepository: Pick<ChildKeyRepository, "guardiansOf">;
  childKey: Pick<ChildKeyUsecases, "nameAddress">;
  readers: FamilyReaders;
  source: Pick<ChildPageSource, "unlockedMemories">;
  links: Pick<FamilyLinksUsecases, "createLink">;
  dadActive: (userId: string) => Promise<boolean>;
  outbox: EmailOutbox;
  clock: () => Date;
}) {
  const { repository, readers, outbox } = options;

  async function childOf(input: { userId: string; childId: string }) {
    const child = (await readers.childrenOf(input.userId)).find((row) => row.id === input.childId);
    if (!child) throw ownKeyErrors.childNotFound();
    return child;
  }
  const today = async (userId: string) => todayIn(options.clock(), await readers.timeZoneOf(userId));

  async function status(input: { userId: string; childId: string }): Promise<OwnKeyStatus> {
    const child = await childOf(input);
    const confirmed = (await repository.childRecipients(input)).map((row) => row.email);
    const waiting = (await repository.waitingAddresses({ ...input, now: options.clock() })).filter((email) => !confirmed.includes(email));
    const handoverAge = (await repository.handoverAges(input.userId)).get(input.childId) ?? DEFAULT_HANDOVER_AGE;
    const handedOver = (await repository.handedOver(input.userId)).find((row) => row.childId === input.childId && row.age === handoverAge);
    return {
      addresses: [...confirmed.map((email) => ({ email, state: "confirmed" as const })), ...waiting.map((email) => ({ email, state: "waiting" as const }))],
      handoverAge,
      handedOverAt: handedOver?.handedOverAt.toISOString() ?? null,
      canNameAddress: ageOn(child.birthdate, await today(input.userId)).years >= OWN_ADDRESS_MIN_AGE,
    };
  }

  /** One child's hand-over: recorded once, then the child's addresses get their link and the family is told. */
  async function handOver(input: { userId: string; child: { id: string; name: string }; age: number }) {
    const key = { userId: input.userId, childId: input.child.id };
    const messages = (await options.source.unlockedMemories(key)).length;
    if (!(await repository.recordHandover({ ...key, age: input.age, messages, at: options.clock() }))) return;
    const dad = await readers.dadOf(input.userId);
    const recipients = (await repository.childRecipients(key)).filter((row) => row.status === "accepted");
    for (const recipient of recipients) {
      const pageUrl = await options.links.createLink({ guardianId: recipient.id, childId: input.child.id });
      await outbox.queue(handoverEmail({ to: recipient.email, childName: input.child.name, dadName: dad.calledAs, age: input.age, messages, pageUrl }));
    }
    const told = (await options.childKeyRepository.guardiansOf(key)).map((row) => ({ greeting: row.name, email: row.email }));
    if (await options.dadActive(input.userId)) told.unshift({ greeting: dad.named ? dad.name : "Dad", email: dad.email });
    const sentTo = recipients.map((row) => row.email);
    for (const person of told) {
      await outbox.queue(handoverNoticeEmail({ to: person.email, greeting: person.greeting, childName: input.child.name, dadName: dad.calledAs, age: input.age, messages, sentTo }));
    }
  }

  const usecases = {
    status,

    async nameAddress(input: { userId: string; childId: string; email: string }) {
      const child = await childOf(input);
      if (ageOn(child.birthdate, await today(input.userId)).years < OWN_ADDRESS_MIN_AGE) throw ownKeyErrors.tooYoung();
      if (input.email === (await readers.dadOf(input.userId)).email.toLowerCase()) throw ownKeyErrors.dadsAddress();
      if ((await options.childKeyRepository.guardiansOf(input)).some((row) => row.email === input.email)) throw ownKeyErrors.addressTaken();
      if ((await repository.countNamedSince({ childId: input.childId, since: new Date(options.clock().getTime() - DAY_MS) })) >= NAMED_PER_DAY) throw ownKeyErrors.namedToday();
      await options.childKey.nameAddress({ userId: input.userId, childId: input.childId, childName: child.name, email: input.email });
      return status(input);
    },

    async withdrawAddress(input: { userId: string; childId: string; email: string }) {
      await childOf(input);
      if (!(await repository.withdraw({ ...input, now: options.clock() }))) throw ownKeyErrors.addressNotFound();
      return status(input);
    },

    async setHandoverAge(input: { userId: string; childId: string; age: number }) {
      await childOf(input);
      await repository.saveHandoverAge(input);
      return status(input);
    },

    /** The job's run: every child whose hand-over birthday has come (in Dad's time zone) and not been handed over. */
    async run() {
      for (const userId of await repository.accountsWithFamily()) {
        const ages = await repository.handoverAges(userId);
        const done = new Set((await repository.handedOver(userId)).map((row) => `${row.childId}:${row.age}`));
        const on = await today(userId);
        for (const child of await readers.childrenOf(userId)) {
          const age = ages.get(child.id) ?? DEFAULT_HANDOVER_AGE;
          // Only in the year the child has that age: a child already older when Dad chose the age is not handed over late.
          if (ageOn(child.birthdate, on).years !== age || done.has(`${child.id}:${age}`)) continue;
          await handOver({ userId, child, age });
        }
      }
    },
  };

  /** Every hour at :41 (a birthday begins at a different hour in each time zone). */
  const job: CronJob = { name: "child-handover", cron: "41 * * * *", run: () => usecases.run() };
  return { ...usecases, job };
}

export type OwnKeyUsecases = ReturnType<typeof createOwnKeyUsecases>;
