import { defineError } from "../../http/app-error";

export const transcriptErrors = {
  notFound: defineError("MEMORY_NOT_FOUND", 404, "That memory could not be found."),
  noRecording: defineError("NO_RECORDING", 409, "This memory has no recording to write a transcript for."),
};
