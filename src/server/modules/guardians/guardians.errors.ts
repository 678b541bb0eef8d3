import { CHILD_KEY_COPY, OWN_KEY_COPY } from "../../../shared/child-key";
import { GUARDIANS_COPY, LEGACY_COPY } from "../../../shared/guardians";
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

const wrongAnswer = defineError("CHILD_KEY_WRONG_ANSWER", 422, CHILD_KEY_COPY.wrongAnswer(1));

/** The keepsake card's ways in: an unknown code is said so plainly (codes are long and the asking is rate-limited). */
export const childKeyErrors = {
  unknownCode: defineError("CLAIM_CODE_UNKNOWN", 404, CHILD_KEY_COPY.unknownCode),
  childNotFound: guardianErrors.childNotFound,
  noQuestion: defineError("CHILD_KEY_NO_QUESTION", 409, CHILD_KEY_COPY.noQuestion),
  paused: defineError("CHILD_KEY_PAUSED", 429, CHILD_KEY_COPY.paused),
  wrongAnswer: (triesLeft: number) => wrongAnswer(CHILD_KEY_COPY.wrongAnswer(triesLeft)),
  tooManyAsks: defineError("CHILD_KEY_ASKED_TODAY", 429, CHILD_KEY_COPY.tooManyAsks),
};

/** Dad's side of the child's own key: naming and withdrawing the child's address, the hand-over age. */
export const ownKeyErrors = {
  childNotFound: guardianErrors.childNotFound,
  tooYoung: defineError("OWN_ADDRESS_TOO_YOUNG", 400, OWN_KEY_COPY.tooYoung),
  dadsAddress: defineError("OWN_ADDRESS_IS_DADS", 400, OWN_KEY_COPY.dadsAddress),
  addressTaken: defineError("OWN_ADDRESS_TAKEN", 409, CHILD_KEY_COPY.addressTaken),
  namedToday: defineError("OWN_ADDRESS_NAMED_TODAY", 429, OWN_KEY_COPY.namedToday),
  addressNotFound: defineError("OWN_ADDRESS_NOT_FOUND", 404, "This address does not receive this child's messages."),
};

export const legacyErrors = {
  tooFewGuardians: defineError("LEGACY_TOO_FEW_GUARDIANS", 400, LEGACY_COPY.tooFewGuardians),
};
