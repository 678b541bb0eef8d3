import { defineError } from "../../http/app-error";

export const settingsErrors = {
  accountMissing: defineError("ACCOUNT_NOT_FOUND", 404, "Your account could not be found."),
};
