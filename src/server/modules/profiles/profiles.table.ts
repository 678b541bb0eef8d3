import { boolean, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/**
 * One row per user, created by a trigger on `users` inside the same transaction as the
 * user (see the profiles_for_new_users migration), so a user never exists without one.
 */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull().default(""),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  timeZone: text("time_zone").notNull().default("UTC"),
  /** The country whose emergency numbers Pocket Dad gives (a code of shared/countries); null: guessed from the time zone. */
  country: text("country"),
  hasAccess: boolean("has_access").notNull().default(false),
  /** Pocket Dad preferences (null: the defaults, Direct and baseline). */
  pocketdadTone: text("pocketdad_tone"),
  pocketdadToneIntensity: text("pocketdad_tone_intensity"),
  /** The onboarding questionnaire: its answers (with the computed archetype) and the archetype. */
  onboardingAnswers: jsonb("onboarding_answers"),
  quizResult: text("quiz_result"),
  quizCompletedAt: timestamp("quiz_completed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
