import { defineError } from "../../http/app-error";

export const storageErrors = {
  invalidKey: defineError("STORAGE_INVALID_KEY", 400, "That file name is not allowed."),
  linkRefused: defineError("LINK_EXPIRED_OR_INVALID", 403, "This link has expired or is not valid. Reload the page to get a fresh one."),
  notFound: defineError("FILE_NOT_FOUND", 404, "That file could not be found."),
  rangeNotSatisfiable: defineError("RANGE_NOT_SATISFIABLE", 416, "The requested range is outside the file."),
};
