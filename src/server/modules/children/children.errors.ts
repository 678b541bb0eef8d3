import { CHILDREN_COPY } from "../../../shared/children";
import { defineError } from "../../http/app-error";

export const childErrors = {
  notFound: defineError("CHILD_NOT_FOUND", 404, "We couldn't find that child."),
  photoNotAnImage: defineError("CHILD_PHOTO_NOT_AN_IMAGE", 400, CHILDREN_COPY.notAnImage),
  photoTooLarge: defineError("CHILD_PHOTO_TOO_LARGE", 413, CHILDREN_COPY.imageTooLarge),
};
