import { defineError } from "../../http/app-error";

export const notificationErrors = {
  notFound: defineError("NOTIFICATION_NOT_FOUND", 404, "We couldn't find that notification."),
};
