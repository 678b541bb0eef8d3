import { GUARDIAN_LIMIT, type Guardian, type GuardianInput, type GuardianState, INVITATION_LINK_DAYS, INVITATIONS_PER_DAY } from "../../../shared/guardians";
import type { EmailOutbox } from "../email/email.types";
import { invitationEmail } from "./guardians.emails";
import type { FamilyLinksUsecases } from "./guardians.links";
import { guardianErrors } from "./guardians.errors";
import type { GuardiansRepository, GuardianWithChildren } from "./guardians.repository";
import { hashToken, looksLikeToken, newToken } from "./guardians.tokens";
import type { FamilyReaders } from "./guardians.types";

/** Who invites, in the invitation email and on its page: the guardian must recognise him, so his email when he gave no name. */
const inviter = (dad: { name: string; email: string; named: boolean }) => (dad.named ? dad.name : dad.email);

const RESEND_COOLDOWN_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function stateOf(row: Pick<GuardianWithChildren, "status" | "pausedAt">): GuardianState {
  return row.pausedAt ? "paused" : row.status;
}

function toGuardian(row: GuardianWithChildren, deliveryProblem: string | null = null): Guardian {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    relation: row.relation,
    childIds: row.childIds,
    state: stateOf(row),
    invitedAt: row.invitedAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    deliveryProblem,
  };
}

export function createGuardiansUsecases(options: {
  guardians: GuardiansRepository;
  outbox: EmailOutbox;
  appUrl: string;
  readers: FamilyReaders;
  links: Pick<FamilyLinksUsecases, "issue" | "createLink">;
  /** Each guardian's last refused or bounced delivery (shown on their row). */
  deliveryProblems?: (input: { userId: string }) => Promise<Map<string, string>>;
  now?: () => Date;
}) {
  const { guardians, outbox, readers } = options;
  const now = options.now ?? (() => new Date());

  async function owned(input: { userId: string; guardianId: string }) {
    const row = await guardians.find(input);
    if (!row) throw guardianErrors.notFound();
    return row;
  }

  /** Refuses Dad's own email and children that are not his; an empty list is refused (null means all). */
  async function checkInput(userId: string, input: GuardianInput) {
    const dad = await readers.dadOf(userId);
    if (dad.email.toLowerCase() === input.email) throw guardianErrors.emailIsYours();
    if (input.childIds === null) return null;
    const childIds = [...new Set(input.childIds)];
    if (childIds.length === 0) throw guardianErrors.noChildren();
    const his = new Set((await readers.childrenOf(userId)).map((child) => child.id));
    if (childIds.some((id) => !his.has(id))) throw guardianErrors.childNotFound();
    return childIds;
  }

  async function childrenFor(row: GuardianWithChildren) {
    const all = await readers.childrenOf(row.userId);
    return row.childIds === null ? all : all.filter((child) => row.childIds!.includes(child.id));
  }

  async function sendInvitation(row: GuardianWithChildren, token: string) {
    const dad = await readers.dadOf(row.userId);
    const children = await childrenFor(row);
    await outbox.queue(
      invitationEmail({
        to: row.email,
        guardianName: row.name,
        dadName: inviter(dad),
        dadEmail: dad.email,
        childNames: children.map((child) => child.name),
        inviteUrl: `${options.appUrl}/family/invite/${token}`,
      }),
    );
  }

  /**
   * Takes one invitation email from the account's allowance, or refuses it with the reason (nothing is
   * changed then): never to an address that declined, at most INVITATIONS_PER_DAY a day per account, and with
   * `oncePerAddress` (a new guardian, a changed address) one a day per address. `send` runs once allowed; if
   * it throws, the allowance is given back.
   */
  async function withInvitationAllowance<T>(input: { userId: string; email: string; oncePerAddress: boolean }, send: () => Promise<T>) {
    const claim = await guardians.claimInvitation({ ...input, now: now(), perDay: INVITATIONS_PER_DAY });
    if ("refused" in claim) {
      if (claim.refused === "declined") throw guardianErrors.declinedBefore();
      throw claim.refused === "per-day" ? guardianErrors.invitationsPerDay() : guardianErrors.invitedToday();
    }
    try {
      return await send();
    } catch (error) {
      await guardians.releaseInvitation(claim.id);
      throw error;
    }
  }

  /** The guardian an invitation link is for, while it is the latest one sent and less than INVITATION_LINK_DAYS old. */
  async function invitationFor(token: string) {
    if (!looksLikeToken(token)) return undefined;
    const row = await guardians.findByInviteToken(hashToken(token));
    if (!row || now().getTime() - row.invitedAt.getTime() > INVITATION_LINK_DAYS * DAY_MS) return undefined;
    return (await guardians.find({ userId: row.userId, guardianId: row.id })) ?? undefined;
  }

  return {
    async list(input: { userId: string }) {
      const problems = (await options.deliveryProblems?.(input)) ?? new Map<string, string>();
      return (await guardians.list(input.userId)).map((row) => toGuardian(row, problems.get(row.id) ?? null));
    },

    async add(input: { userId: string; values: GuardianInput }) {
      const childIds = await checkInput(input.userId, input.values);
      const { token, hash } = newToken();
      const { name, email, relation } = input.values;
      // Someone already on the list is said so before any allowance is counted.
      if (await guardians.emailTaken({ userId: input.userId, email, exceptId: "" })) throw guardianErrors.duplicate();
      return withInvitationAllowance({ userId: input.userId, email, oncePerAddress: true }, async () => {
        const result = await guardians.insert({ userId: input.userId, values: { name, email, relation }, childIds, inviteTokenHash: hash, limit: GUARDIAN_LIMIT });
        if (result === "limit") throw guardianErrors.limitReached();
        if (result === "duplicate") throw guardianErrors.duplicate();
        const row = await owned({ userId: input.userId, guardianId: result.id });
        await sendInvitation(row, token);
        return toGuardian(row);
      });
    },

    /**
     * A changed email is a new person: a new invitation (within the account's allowance, refused with nothing
     * changed otherwise), and the old address's links stop working.
     */
    async update(input: { userId: string; guardianId: string; values: GuardianInput }) {
      const before = await owned(input);
      const childIds = await checkInput(input.userId, input.values);
      const { name, email, relation } = input.values;
      if (await guardians.emailTaken({ userId: input.userId, email, exceptId: before.id })) throw guardianErrors.duplicate();
      const save = async (reinvite?: { token: string; hash: string }) => {
        await guardians.update({ userId: input.userId, guardianId: before.id, values: { name, email, relation }, childIds, reinviteTokenHash: reinvite?.hash });
        const row = await owned(input);
        if (reinvite) await sendInvitation(row, reinvite.token);
        return toGuardian(row);
      };
      if (email === before.email) return save();
      return withInvitationAllowance({ userId: input.userId, email, oncePerAddress: true }, () => save(newToken()));
    },

    async setPaused(input: { userId: string; guardianId: string; paused: boolean }) {
      if (!(await guardians.setPaused(input))) throw guardianErrors.notFound();
      return toGuardian(await owned(input));
    },

    /** A new invitation token (the old one stops working), at most once a minute per guardian. */
    async resendInvitation(input: { userId: string; guardianId: string }) {
      const row = await owned(input);
      if (now().getTime() - row.invitedAt.getTime() < RESEND_COOLDOWN_MS) throw guardianErrors.resendTooSoon();
      return withInvitationAllowance({ userId: input.userId, email: row.email, oncePerAddress: false }, async () => {
        const { token, hash } = newToken();
        await guardians.renewInvitation({ ...input, inviteTokenHash: hash });
        await sendInvitation(row, token);
        return toGuardian(await owned(input));
      });
    },

    async remove(input: { userId: string; guardianId: string }) {
      if (!(await guardians.delete(input))) throw guardianErrors.notFound();
    },

    async revokeLinks(input: { userId: string; guardianId: string }) {
      if (!(await guardians.revokeLinks(input))) throw guardianErrors.notFound();
    },

    /** What the public invitation page shows: who asks, for which children, and the current answer. */
    async invitation(input: { token: string }) {
      const row = await invitationFor(input.token);
      if (!row) throw guardianErrors.invitationNotFound();
      const dad = await readers.dadOf(row.userId);
      const children = (await childrenFor(row)).map((child) => ({ id: child.id, name: child.name }));
      return { guardianName: row.name, dadName: inviter(dad), children, status: row.status, paused: row.pausedAt !== null };
    },

    /**
     * From the accepted invitation's page (the page after accepting lists each child's page): a fresh link to one of the
     * guardian's children's pages; undefined when the invitation is not accepted (or paused) or the child is not theirs.
     */
    async openChildPage(input: { token: string; childId: string }) {
      const row = await invitationFor(input.token);
      if (!row || row.status !== "accepted" || row.pausedAt) return undefined;
      if (!(await childrenFor(row)).some((child) => child.id === input.childId)) return undefined;
      return options.links.createLink({ guardianId: row.id, childId: input.childId });
    },

    /** Accepting (again) emails a link to each child's page; declining stops everything for this address. */
    async respond(input: { token: string; answer: "accept" | "decline" }) {
      const row = await invitationFor(input.token);
      if (!row) throw guardianErrors.invitationNotFound();
      const status = input.answer === "accept" ? "accepted" : "declined";
      if (row.status === status) return { status };
      await guardians.respond({ guardianId: row.id, status });
      if (status === "accepted") {
        await guardians.forgetDecline({ userId: row.userId, email: row.email });
        const childIds = (await childrenFor(row)).map((child) => child.id);
        await options.links.issue({ guardianId: row.id, userId: row.userId, childIds, guardianName: row.name, email: row.email });
      } else {
        await guardians.recordDecline({ userId: row.userId, email: row.email });
        await guardians.revokeLinks({ userId: row.userId, guardianId: row.id });
      }
      return { status };
    },
  };
}

export type GuardiansUsecases = ReturnType<typeof createGuardiansUsecases>;
