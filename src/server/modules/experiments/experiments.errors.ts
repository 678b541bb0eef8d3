import { defineError } from "../../http/app-error";

export const experimentErrors = {
  unknownVisitor: defineError("UNKNOWN_VISITOR", 404, "This visitor has no landing-page assignment."),
  /** Non-admins get the same answer as a path that does not exist. */
  notFound: defineError("NOT_FOUND", 404, "Not found."),
};
