import { type ConversionType, type LandingVariant, summarizeExperiment } from "../../../shared/experiment";
import type { SessionUser } from "../auth/auth.types";
import { experimentErrors } from "./experiments.errors";
import type { ExperimentsRepository } from "./experiments.repository";

type Metadata = Record<string, string | number | boolean>;

export function createExperimentsUsecases(options: { experiments: ExperimentsRepository; adminEmails: string[] }) {
  const { experiments } = options;
  const isAdmin = (user: SessionUser) => options.adminEmails.includes(user.email.toLowerCase());

  /** Ties the visitor to the signed-in account (so later server events find it), then counts once. */
  async function count(assignment: { visitorId: string; variant: LandingVariant }, input: { userId: string | null; conversionType: ConversionType; metadata?: Metadata }) {
    if (input.userId) await experiments.claim({ visitorId: assignment.visitorId, userId: input.userId });
    const counted = await experiments.convert({
      visitorId: assignment.visitorId,
      variant: assignment.variant,
      conversionType: input.conversionType,
      metadata: input.metadata ?? {},
    });
    return { counted };
  }

  return {
    isAdmin,

    /** The browser picked a variant at random; the first one logged for a visitor is the one that counts. */
    assign: (input: { visitorId: string; variant: LandingVariant }) => experiments.assign(input),

    /** Counts a conversion once per visitor and type, under the visitor's assigned variant. */
    async convert(input: { visitorId: string; conversionType: ConversionType; metadata?: Metadata; user: SessionUser | null }) {
      const assignment = await experiments.findAssignment(input.visitorId);
      if (!assignment) throw experimentErrors.unknownVisitor();
      return count(assignment, { ...input, userId: input.user?.id ?? null });
    },

    /**
     * For events confirmed on the server (a checkout started, a payment completed): counts under the
     * visitor carried through the checkout, else the visitor this user signed up from; nothing when neither is known.
     */
    async convertServerEvent(input: { visitorId: string | null; userId: string | null; conversionType: ConversionType; metadata?: Metadata }) {
      const assignment =
        (input.visitorId ? await experiments.findAssignment(input.visitorId) : undefined) ??
        (input.userId ? await experiments.findAssignmentOfUser(input.userId) : undefined);
      if (!assignment) return { counted: false };
      return count(assignment, input);
    },

    async metrics(user: SessionUser) {
      if (!isAdmin(user)) throw experimentErrors.notFound();
      return summarizeExperiment(await experiments.counts());
    },
  };
}

export type ExperimentsUsecases = ReturnType<typeof createExperimentsUsecases>;
