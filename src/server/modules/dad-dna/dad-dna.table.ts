import { integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/** A dad's Dad DNA result: one per dad (a retake replaces it), with the answers it was scored from. */
export const dadDnaResults = pgTable("dad_dna_results", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The submission that produced this result: the same submission sent again changes nothing. */
  submissionId: uuid("submission_id").notNull(),
  answers: jsonb("answers").$type<Record<string, string>>().notNull(),
  archetype: text("archetype").notNull(),
  scores: jsonb("scores").$type<Record<string, number>>().notNull(),
  tone: text("tone").notNull(),
  intensity: text("intensity").notNull(),
  version: integer("version").notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
});
