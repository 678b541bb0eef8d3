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

export { isCalendarDate };

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
    .refine(isCalendarDate, "Please enter a valid birth date")
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

function parts(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  return { year, month, day };
}

/** Whole years from the birth date to `today` (both YYYY-MM-DD). */
export function ageInYears(birthdate: string, today: string) {
  const born = parts(birthdate);
  const now = parts(today);
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  return Math.max(0, now.year - born.year - (hadBirthday ? 0 : 1));
}

/** 'Less than a year old', '1 year old', 'N years old' (spec). */
export function ageLabel(years: number) {
  if (years < 1) return "Less than a year old";
  return years === 1 ? "1 year old" : `${years} years old`;
}

const dayMs = 24 * 3600 * 1000;
const utcDay = (date: { year: number; month: number; day: number }) => Date.UTC(date.year, date.month - 1, date.day);

/**
 * The next birthday on or after `today` ('Next Unlock'): its date, the age it brings and the days
 * until it. A 29 February birthday falls on 28 February in other years.
 */
export function nextBirthday(birthdate: string, today: string) {
  const born = parts(birthdate);
  const now = parts(today);
  const onYear = (year: number) => {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return { year, month: born.month, day: born.month === 2 && born.day === 29 && !leap ? 28 : born.day };
  };
  let next = onYear(now.year);
  if (utcDay(next) < utcDay(now)) next = onYear(now.year + 1);
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    date: `${next.year}-${pad(next.month)}-${pad(next.day)}`,
    turning: next.year - born.year,
    daysAway: Math.round((utcDay(next) - utcDay(now)) / dayMs),
  };
}

/** Today's date (YYYY-MM-DD) in the viewer's own time zone. */
export function localToday(now = new Date()) {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
