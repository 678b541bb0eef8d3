import { defineError } from "../../http/app-error";

export const profileErrors = {
  missing: defineError("PROFILE_NOT_FOUND", 404, "Your profile could not be found."),
};
