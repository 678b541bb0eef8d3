import { FAMILY_LINK_DAYS } from "../../../shared/guardians";
import type { EmailOutbox } from "../email/email.usecases";
import { childPageEmail } from "./guardians.emails";
import type { GuardiansRepository } from "./guardians.repository";
import { hashToken, looksLikeToken, newToken } from "./guardians.tokens";
import type { ChildPage, ChildPageSource, FamilyAccess, FamilyReaders, FreshLinkOutcome } from "./guardians.types";

const DAY_MS = 24 * 60 * 60 * 1000;
/** No fresh link while one issued less than this ago still works, whoever asks. */
const FRESH_LINK_COOLDOWN_MS = 10 * 60 * 1000;

export function createFamilyLinksUsecases(options: { guardians: GuardiansRepository; outbox: EmailOutbox; appUrl: string; readers: FamilyReaders; source: ChildPageSource; now?: () => Date }) {
  const { guardians, readers, source } = options;
  const now = options.now ?? (() => new Date());

  /** The link while its guardian still receives for its child (accepted, not paused, the child still theirs); live: not revoked or expired now. */
  function find(token: string, options: { live: boolean }) {
    if (!looksLikeToken(token)) return undefined;
    return guardians.findAllowedLink(hashToken(token), options.live ? now() : undefined);
  }
  const live = (token: string) => find(token, { live: true });

  const accessOf = (found: NonNullable<Awaited<ReturnType<typeof live>>>): FamilyAccess => ({
    userId: found.guardian.userId,
    childId: found.link.childId,
    guardianId: found.guardian.id,
    kind: found.guardian.kind,
  });

  async function access(input: { token: string }) {
    const found = await live(input.token);
    return found ? accessOf(found) : undefined;
  }

  /** A new 30-day link to the child's page; only its hash is stored. */
  async function createLink(input: { guardianId: string; childId: string }) {
    const { token, hash } = newToken();
    const issuedAt = now();
    await guardians.insertLink({ ...input, tokenHash: hash, createdAt: issuedAt, expiresAt: new Date(issuedAt.getTime() + FAMILY_LINK_DAYS * DAY_MS) });
    return `${options.appUrl}/family/${token}`;
  }

  async function issue(input: { guardianId: string; userId: string; childId: string; guardianName: string; email: string }) {
    const child = await source.child({ userId: input.userId, childId: input.childId });
    if (!child) return;
    const dad = await readers.dadOf(input.userId);
    const pageUrl = await createLink(input);
    await options.outbox.queue(childPageEmail({ to: input.email, guardianName: input.guardianName, dadName: dad.name, childName: child.name, pageUrl, days: FAMILY_LINK_DAYS }));
  }

  return {
    createLink,
    /** Emails the guardian a fresh 30-day link to each of their children's pages (on accepting). */
    issue,

    /** Who a live link lets see which child (undefined: expired, revoked, unknown or no longer allowed); records nothing. */
    access,

    /** The child's page behind a link; opening it records when (Dad sees 'opened on'). */
    async open(input: { token: string }): Promise<ChildPage> {
      const found = await live(input.token);
      if (!found) return { state: "unavailable" };
      const access = accessOf(found);
      const { userId } = found.guardian;
      const child = await source.child({ userId, childId: found.link.childId });
      if (!child) return { state: "unavailable" };
      const [memories, dad] = await Promise.all([source.unlockedMemories({ userId, childId: child.id }), readers.dadOf(userId)]);
      await guardians.markLinkOpened(found.link.id);
      return { state: "open", child: { name: child.name, photoUrl: child.photoUrl }, dadName: dad.name, memories, access };
    },

    /**
     * 'Email me a fresh link' from an old link: sent only to the guardian's own address, and not while a link issued in
     * the last 10 minutes still works (then it says how long ago that one went). A link that was withdrawn, or never
     * ours, gets nothing (a token is 256 random bits: saying so tells a guesser nothing).
     */
    async requestFreshLink(input: { token: string }): Promise<FreshLinkOutcome> {
      const found = await find(input.token, { live: false });
      if (!found) return { outcome: "withdrawn" };
      const latest = await guardians.latestLiveLinkCreatedAt({ guardianId: found.guardian.id, childId: found.link.childId, now: now() });
      if (latest && now().getTime() - latest.getTime() < FRESH_LINK_COOLDOWN_MS) return { outcome: "recent", minutesAgo: Math.floor((now().getTime() - latest.getTime()) / 60_000) };
      await issue({ guardianId: found.guardian.id, userId: found.guardian.userId, childId: found.link.childId, guardianName: found.guardian.name, email: found.guardian.email });
      return { outcome: "sent" };
    },
  };
}

export type FamilyLinksUsecases = ReturnType<typeof createFamilyLinksUsecases>;
