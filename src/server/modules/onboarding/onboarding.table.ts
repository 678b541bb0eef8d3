import { boolean, jsonb, pgTable, serial, text, timestamp, unique, uuid, integer } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { children } from "../children/children.table";

/** Reference data: the five questions, seeded by a custom migration. */
export const onboardingQuestions = pgTable("onboarding_questions", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  active: boolean("active").notNull().default(true),
});

/** One answer per user, child (null: about Dad himself) and question. */
export const onboardingResponses = pgTable(
  "onboarding_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childId: uuid("child_id").references(() => children.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => onboardingQuestions.id),
    answerShort: text("answer_short").notNull(),
    answerJson: jsonb("answer_json").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("onboarding_responses_user_child_question").on(table.userId, table.childId, table.questionId).nullsNotDistinct()],
);
