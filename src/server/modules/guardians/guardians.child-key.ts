import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { CHILD_KEY_CONFIRM_DAYS, CHILD_KEY_FAMILY_ASKS_PER_DAY, CHILD_KEY_PAUSE_HOURS, CHILD_KEY_TRIES, type ClaimCard, foldAnswer } from "../../../shared/child-key";
import type { EmailOutbox } from "../email/email.types";
import { cardNoticeEmail, confirmAddressEmail, familyAskEmail, ownPageEmail } from "./guardians.child-key.emails";
import type { ChildKeyRepository } from "./guardians.child-key.repository";
import { childKeyErrors } from "./guardians.errors";
import type { FamilyLinksUsecases } from "./guardians.links";
import { hashToken, looksLikeToken, newToken } from "./guardians.tokens";
import type { ChildPageSource, FamilyReaders } from "./guardians.types";

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;
/** scrypt at N = 2^15 (about 32 MiB and tens of milliseconds a try): slow for a guesser with the stored hash, quick for one child. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const HOUR_MS = 3_600_000;

async function hashAnswer(answer: string) {
  const salt = randomBytes(16);
  const hash = await scrypt(foldAnswer(answer), salt, 32, SCRYPT);
  return `scrypt$${salt.toString("hex")}$${hash.toString("hex")}`;
}

async function answerMatches(answer: string, stored: string) {
  const [, salt, expected] = stored.split("$");
  const hash = await scrypt(foldAnswer(answer), Buffer.from(salt, "hex"), 32, SCRYPT);
  return timingSafeEqual(hash, Buffer.from(expected, "hex"));
}

/**
 * The keepsake card lets the grown child in: by Dad's question (a slow hash, a forgiving compare, 5 tries then a
 * day's pause, Dad and the guardians told every time), or by asking the family (one approval from Dad or a
 * guardian). Either way the child confirms the address, and is from then on a recipient of their own memories.
 */
export function createChildKeyUsecases(options: {
  repository: ChildKeyRepository;
  /** The child a card's code belongs to (the export module keeps the codes). */
  claimOf: (code: string) => Promise<{ userId: string; childId: string } | undefined>;
  source: Pick<ChildPageSource, "child">;
  readers: FamilyReaders;
  links: Pick<FamilyLinksUsecases, "createLink">;
  /** Whether Dad still uses his account: he is told about his children's cards only then. */
  dadActive: (userId: string) => Promise<boolean>;
  outbox: EmailOutbox;
  appUrl: string;
  now?: () => Date;
}) {
  const { repository, readers, outbox, appUrl } = options;
  const now = options.now ?? (() => new Date());

  async function cardOf(code: string) {
    const claim = await options.claimOf(code);
    const child = claim && (await options.source.child(claim));
    if (!claim || !child) throw childKeyErrors.unknownCode();
    return { ...claim, childName: child.name };
  }

  /** Dad (while his account is active), then the guardians who receive for the child: each with a greeting and an address. */
  async function family(input: { userId: string; childId: string }) {
    const dad = await readers.dadOf(input.userId);
    const guardians = (await repository.guardiansOf(input)).map((row) => ({ guardianId: row.id as string | null, greeting: row.name, email: row.email }));
    return (await options.dadActive(input.userId)) ? [{ guardianId: null, greeting: dad.named ? dad.name : "Dad", email: dad.email }, ...guardians] : guardians;
  }

  /** An approved request: the child's address gets its confirmation link. */
  async function sendConfirmation(input: { userId: string; childName: string; email: string; token: string }) {
    const dad = await readers.dadOf(input.userId);
    await outbox.queue(confirmAddressEmail({ to: input.email, childName: input.childName, dadName: dad.calledAs, confirmUrl: `${appUrl}/family/welcome/${input.token}` }));
  }

  const confirmExpiry = () => new Date(now().getTime() + CHILD_KEY_CONFIRM_DAYS * 24 * HOUR_MS);

  /** The confirmation link's state: 'ready' to confirm, 'confirmed' already, or undefined (unknown or expired). */
  async function welcome(input: { token: string }) {
    if (!looksLikeToken(input.token)) return undefined;
    const request = await repository.findByConfirmToken(hashToken(input.token));
    // A refused request (withdrawn by Dad) or an approved one past its week is no longer a way in.
    if (!request || request.status === "refused" || (request.status === "approved" && request.confirmExpiresAt! <= now())) return undefined;
    const child = await options.source.child({ userId: request.userId, childId: request.childId });
    if (!child) return undefined;
    return { request, childName: child.name, state: request.status === "confirmed" ? ("confirmed" as const) : ("ready" as const) };
  }

  return {
    /** Dad's question on one of his children's cards (a new one replaces the old). */
    async setQuestion(input: { userId: string; childId: string; question: string; answer: string }) {
      if (!(await readers.childrenOf(input.userId)).some((child) => child.id === input.childId)) throw childKeyErrors.childNotFound();
      await repository.saveQuestion({ userId: input.userId, childId: input.childId, question: input.question, answerHash: await hashAnswer(input.answer) });
    },
    async questionOf(input: { userId: string; childId: string }) {
      if (!(await readers.childrenOf(input.userId)).some((child) => child.id === input.childId)) throw childKeyErrors.childNotFound();
      const row = await repository.findQuestion(input.childId);
      return row && row.userId === input.userId ? row.question : null;
    },

    /** Dad names the child's own address: it gets its confirmation link, as after the card's question. */
    async nameAddress(input: { userId: string; childId: string; childName: string; email: string }) {
      const { token, hash } = newToken();
      await repository.insertRequest({ userId: input.userId, childId: input.childId, email: input.email, way: "dad", status: "approved", decidedAt: now(), confirmTokenHash: hash, confirmExpiresAt: confirmExpiry() });
      await sendConfirmation({ userId: input.userId, childName: input.childName, email: input.email, token });
    },

    /** What the claim page shows for a code: the child's name and Dad's question; an unknown code is said so. */
    async card(input: { code: string }): Promise<ClaimCard> {
      const card = await cardOf(input.code);
      const key = await repository.findQuestion(card.childId);
      return { childName: card.childName, question: key?.question ?? null, paused: Boolean(key?.pausedUntil && key.pausedUntil > now()) };
    },

    /** Dad's question answered: right, the address gets its confirmation link and the family is told; wrong, one try fewer. */
    async answer(input: { code: string; answer: string; email: string }) {
      const card = await cardOf(input.code);
      const key = await repository.findQuestion(card.childId);
      if (!key) throw childKeyErrors.noQuestion();
      const taken = await repository.takeTry({ childId: card.childId, now: now() });
      if (taken === undefined) throw childKeyErrors.paused();
      if (!(await answerMatches(input.answer, key.answerHash))) {
        if (taken < CHILD_KEY_TRIES) throw childKeyErrors.wrongAnswer(CHILD_KEY_TRIES - taken);
        await repository.pause({ childId: card.childId, until: new Date(now().getTime() + CHILD_KEY_PAUSE_HOURS * HOUR_MS) });
        for (const person of await family(card)) await outbox.queue(cardNoticeEmail({ to: person.email, greeting: person.greeting, childName: card.childName, event: { kind: "paused" } }));
        throw childKeyErrors.paused();
      }
      await repository.resetTries(card.childId);
      const { token, hash } = newToken();
      await repository.insertRequest({ userId: card.userId, childId: card.childId, email: input.email, way: "question", status: "approved", decidedAt: now(), confirmTokenHash: hash, confirmExpiresAt: confirmExpiry() });
      await sendConfirmation({ userId: card.userId, childName: card.childName, email: input.email, token });
      for (const person of await family(card)) {
        await outbox.queue(cardNoticeEmail({ to: person.email, greeting: person.greeting, childName: card.childName, event: { kind: "answered", childEmail: input.email } }));
      }
    },

    /** 'Ask the family': Dad and each guardian of the child get Approve / Not <child>; a few asks a day per card. */
    async ask(input: { code: string; email: string }) {
      const card = await cardOf(input.code);
      const asked = await repository.countFamilyRequestsSince({ childId: card.childId, since: new Date(now().getTime() - 24 * HOUR_MS) });
      if (asked >= CHILD_KEY_FAMILY_ASKS_PER_DAY) throw childKeyErrors.tooManyAsks();
      const request = await repository.insertRequest({ userId: card.userId, childId: card.childId, email: input.email, way: "family" });
      const people = (await family(card)).map((person) => ({ ...person, ...newToken() }));
      await repository.insertApprovals(people.map((person) => ({ requestId: request.id, guardianId: person.guardianId, tokenHash: person.hash })));
      for (const person of people) {
        const url = `${appUrl}/family/asks/${person.token}`;
        await outbox.queue(
          familyAskEmail({ to: person.email, greeting: person.greeting, childName: card.childName, childEmail: input.email, approveUrl: `${url}?answer=approve`, refuseUrl: `${url}?answer=refuse` }),
        );
      }
    },

    /** What an Approve / Not <child> link shows (opening it decides nothing: mail scanners open links). */
    async request(input: { token: string }) {
      if (!looksLikeToken(input.token)) return undefined;
      const found = await repository.findApproval(hashToken(input.token));
      const child = found && (await options.source.child({ userId: found.request.userId, childId: found.request.childId }));
      if (!found || !child) return undefined;
      return { childName: child.name, email: found.request.email, status: found.request.status };
    },

    /** The first answer decides: an approval sends the child's address its confirmation link; later answers change nothing. */
    async decide(input: { token: string; answer: "approve" | "refuse" }) {
      if (!looksLikeToken(input.token)) return false;
      const found = await repository.findApproval(hashToken(input.token));
      if (!found) return false;
      const { token, hash } = newToken();
      const approve = input.answer === "approve";
      const decided = await repository.decide({
        requestId: found.request.id,
        status: approve ? "approved" : "refused",
        guardianId: found.approval.guardianId,
        now: now(),
        ...(approve ? { confirmTokenHash: hash, confirmExpiresAt: confirmExpiry() } : {}),
      });
      if (decided && approve) {
        const child = await options.source.child({ userId: decided.userId, childId: decided.childId });
        if (child) await sendConfirmation({ userId: decided.userId, childName: child.name, email: decided.email, token });
      }
      return true;
    },

    welcome,

    /** The child confirms the address: a recipient of their own memories from now on, with a 30-day link (emailed too). */
    async confirm(input: { token: string }): Promise<{ pageUrl: string } | { refused: "replayed" | "taken" } | undefined> {
      const found = await welcome(input);
      if (!found || found.state !== "ready") return found ? { refused: "replayed" } : undefined;
      const result = await repository.confirm({ request: found.request, childName: found.childName, inviteTokenHash: newToken().hash });
      if ("refused" in result) return { refused: result.refused };
      const pageUrl = await options.links.createLink({ guardianId: result.recipient.id, childId: found.request.childId });
      const dad = await readers.dadOf(found.request.userId);
      await outbox.queue(ownPageEmail({ to: found.request.email, childName: found.childName, dadName: dad.calledAs, pageUrl }));
      return { pageUrl };
    },
  };
}

export type ChildKeyUsecases = ReturnType<typeof createChildKeyUsecases>;
