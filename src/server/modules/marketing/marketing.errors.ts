import { defineError } from "../../http/app-error";

export const marketingErrors = {
  urlNotAllowed: defineError("URL_NOT_ALLOWED", 400, "Only articles from the newsletter can be previewed."),
  unknownUnsubscribeToken: defineError("NOT_FOUND", 404, "This unsubscribe link is not valid."),
};
