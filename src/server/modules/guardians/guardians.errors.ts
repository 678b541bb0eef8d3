import { GUARDIANS_COPY } from "../../../shared/guardians";
import { defineError } from "../../http/app-error";

export const guardianErrors = {
  notFound: defineError("GUARDIAN_NOT_FOUND", 404, "We couldn't find that guardian."),
  limitReached: defineError("GUARDIAN_LIMIT_REACHED", 409, GUARDIANS_COPY.limitReached),
  emailIsYours: defineError("GUARDIAN_EMAIL_IS_YOURS", 400, GUARDIANS_COPY.emailIsYours),
  duplicate: defineError("GUARDIAN_ALREADY_ADDED", 409, GUARDIANS_COPY.duplicate),
  noChildren: defineError("GUARDIAN_NO_CHILDREN", 400, GUARDIANS_COPY.noChildren),
  childNotFound: defineError("CHILD_NOT_FOUND", 404, "We couldn't find that child."),
  resendTooSoon: defineError("GUARDIAN_RESEND_TOO_SOON", 429, GUARDIANS_COPY.resendTooSoon),
  invitedToday: defineError("GUARDIAN_INVITED_TODAY", 429, GUARDIANS_COPY.invitedToday),
  invitationsPerDay: defineError("GUARDIAN_INVITATIONS_PER_DAY", 429, GUARDIANS_COPY.invitationsPerDay),
  declinedBefore: defineError("GUARDIAN_DECLINED", 409, GUARDIANS_COPY.declinedBefore),
  confirmationNotFound: defineError("CONFIRMATION_NOT_FOUND", 404, "We couldn't find that confirmation."),
  undoTooLate: defineError("CONFIRMATION_UNDO_TOO_LATE", 409, GUARDIANS_COPY.undoTooLate),
  alreadyDelivered: defineError("CONFIRMATION_ALREADY_DELIVERED", 409, GUARDIANS_COPY.alreadyDelivered),
  invitationNotFound: defineError("INVITATION_NOT_FOUND", 404, "This invitation link is not valid any more."),
};
