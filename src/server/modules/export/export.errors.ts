import { EXPORT_COPY } from "../../../shared/export";
import { defineError } from "../../http/app-error";

export const exportErrors = {
  notFound: defineError("ARCHIVE_NOT_FOUND", 404, "We couldn't find that archive."),
  expired: defineError("ARCHIVE_EXPIRED", 410, EXPORT_COPY.expired),
  notReady: defineError("ARCHIVE_NOT_READY", 409, "Your archive is still being prepared."),
  tooMany: defineError("ARCHIVE_LIMIT", 429, EXPORT_COPY.limit),
  childNotFound: defineError("CHILD_NOT_FOUND", 404, "We couldn't find that child."),
};
