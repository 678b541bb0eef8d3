import { type ConversionType, type LandingVariant, summarizeExperiment } from "../../../shared/experiment";
import type { SessionUser } from "../auth/auth.middleware";
import { experimentErrors } from "./experiments.errors";
import type { ExperimentsRepository } from "./experiments.repository";

export function createExperimentsUsecases(options: { experiments: ExperimentsRepository; adminEmails: string[] }) {
  const { experiments } = options;
  const isAdmin = (user: SessionUser) => options.adminEmails.includes(user.email.toLowerCase());

  return {
    isAdmin,

    /** The browser picked a variant at random; the first one logged for a visitor is the one that counts. */
    assign: (input: { visitorId: string; variant: LandingVariant }) => experiments.assign(input),

    /** Counts a conversion once per visitor and type, under the visitor's assigned variant. */
    async convert(input: { visitorId: string; conversionType: ConversionType; metadata?: Record<string, string | number | boolean>; user: SessionUser | null }) {
      const assignment = await experiments.findAssignment(input.visitorId);
      if (!assignment) throw experimentErrors.unknownVisitor();
      if (input.user) await experiments.claim({ visitorId: input.visitorId, userId: input.user.id });
      const counted = await experiments.convert({
        visitorId: input.visitorId,
        variant: assignment.variant,
        conversionType: input.conversionType,
        metadata: input.metadata ?? {},
      });
      return { counted };
    },

    /** For server-side events (a purchase confirmed by the payment provider): counts under the visitor this user signed up from. */
    async convertUser(input: { userId: string; conversionType: ConversionType }) {
      const assignment = await experiments.findAssignmentOfUser(input.userId);
      if (!assignment) return { counted: false };
      const counted = await experiments.convert({ visitorId: assignment.visitorId, variant: assignment.variant, conversionType: input.conversionType, metadata: {} });
      return { counted };
    },

    async metrics(user: SessionUser) {
      if (!isAdmin(user)) throw experimentErrors.notFound();
      return summarizeExperiment(await experiments.counts());
    },
  };
}

export type ExperimentsUsecases = ReturnType<typeof createExperimentsUsecases>;
