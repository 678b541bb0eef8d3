import { defineError } from "../../http/app-error";
import { IMAGE_TOO_LARGE, NARRATION_COPY } from "../../../shared/memories";

export const memoryErrors = {
  notFound: defineError("MEMORY_NOT_FOUND", 404, "That memory could not be found."),
  invalidCursor: defineError("INVALID_CURSOR", 400, "cursor: This page link is not valid. Please reload the list."),
  childNotFound: defineError("CHILD_NOT_FOUND", 404, "One of the selected children could not be found."),
  recordingMissing: defineError("RECORDING_REQUIRED", 400, NARRATION_COPY.recordFirst),
  imageNotAllowed: defineError("IMAGE_NOT_ALLOWED", 400, "Quick notes have no photo. Save it as a narration instead."),
  notAudio: defineError("NOT_AUDIO", 400, "That recording is not an audio file we can play."),
  notImage: defineError("NOT_IMAGE", 400, "That file is not an image. Choose a PNG, JPG or GIF."),
  audioTooLarge: defineError("AUDIO_TOO_LARGE", 413, "That recording is too large."),
  imageTooLarge: defineError("IMAGE_TOO_LARGE", 413, IMAGE_TOO_LARGE),
  badForm: defineError("VALIDATION_ERROR", 400, "Send the narration as a form with a data field."),
  notAMilestone: defineError("NOT_A_MILESTONE", 400, "Only milestone memories can be unlocked by hand."),
};
