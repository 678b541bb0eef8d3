import { defineError } from "../../http/app-error";
import { POCKET_DAD_COPY } from "../../../shared/pocket-dad";

export const coachErrors = {
  unknownSituation: defineError("UNKNOWN_SITUATION", 400, POCKET_DAD_COPY.unknownSituation),
  childNotFound: defineError("CHILD_NOT_FOUND", 404, "That child profile could not be found."),
  responseNotFound: defineError("RESPONSE_NOT_FOUND", 404, "That answer could not be found."),
  safetyNotEditable: defineError("SAFETY_ANSWER_NOT_EDITABLE", 409, "A safety answer's steps can't be rewritten."),
  alreadyLiked: defineError("ALREADY_LIKED", 409, "You already liked this answer."),
  invalidFormat: defineError("POCKET_DAD_FORMAT", 502, POCKET_DAD_COPY.genericError),
  aborted: defineError("REQUEST_ABORTED", 400, "The request was cancelled."),
  rateLimited: defineError("RATE_LIMITED", 429, "That's a lot of questions at once. Give it a minute and try again."),
};
