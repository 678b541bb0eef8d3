import { z } from "zod";
import { isCalendarDate } from "./calendar";

/** A child photo may be at most this big (spec section 9), checked in the browser and on the server. */
export const CHILD_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** The crop is saved as a square JPEG at this quality (spec section 5). */
export const CHILD_PHOTO_JPEG_QUALITY = 0.95;
export const CHILD_NOTE_MAX_LENGTH = 500;

export const CHILDREN_COPY = {
  added: "Child added successfully!",
  updated: "Child updated successfully!",
  deleted: "Child deleted successfully",
  loadFailed: "Failed to load children",
  deleteFailed: "Failed to delete child",
  confirmDelete: "Are you sure you want to delete this child? This will also delete all associated videos.",
  notAnImage: "Please select an image file",
  imageTooLarge: "Image size must be less than 20MB",
  nameRequired: "Please enter your child's name",
  birthdateRequired: "Please enter a birth date",
  birthdateInFuture: "The birth date can't be in the future",
} as const;

/** A real calendar date written YYYY-MM-DD, from 1900 on (a birth date). */
const isBirthdate = (value: string) => isCalendarDate(value) && value >= "1900-01-01";

/** Today's date (YYYY-MM-DD) on this side's clock, plus one day so no time zone is refused a birth today. */
function latestBirthdate(now = new Date()) {
  return new Date(now.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The add/edit child form and POST/PATCH /api/children share this schema. */
export const childInputSchema = z.object({
  name: z.string().trim().min(1, CHILDREN_COPY.nameRequired).max(80, "Please keep the name under 80 characters"),
  birthdate: z
    .string()
    .trim()
    .min(1, CHILDREN_COPY.birthdateRequired)
    .refine(isBirthdate, "Please enter a valid birth date")
    .refine((value) => value <= latestBirthdate(), CHILDREN_COPY.birthdateInFuture),
  profileNote: z
    .string()
    .trim()
    .max(CHILD_NOTE_MAX_LENGTH, `Please keep the note under ${CHILD_NOTE_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ChildInput = z.input<typeof childInputSchema>;

/** The child as the API returns it. */
export type Child = {
  id: string;
  name: string;
  birthdate: string;
  profileNote: string | null;
  /** A signed link to the photo (valid one hour), or null. */
  photoUrl: string | null;
  createdAt: string;
};

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * What stands for a child without a photo: the first character of the name as a reader sees it (a whole
 * emoji, a letter with its accents), upper-cased; "?" for a blank name. Cutting at the first UTF-16 unit
 * would split an emoji in half and show '�'.
 */
export function childInitial(name: string) {
  const [first] = graphemes.segment(name.trim());
  return first ? first.segment.toLocaleUpperCase() : "?";
}
