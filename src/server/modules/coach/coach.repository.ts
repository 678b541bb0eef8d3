import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { children } from "../children/children.table";
import { profiles } from "../profiles/profiles.table";
import { pocketDadLegacyPlans, pocketDadResponses, pocketDadTopicCounts } from "./coach.table";

type NewResponse = typeof pocketDadResponses.$inferInsert;
/** The topic a safety answer is stored under: its first-aid line is not Dad's to rewrite. */
export const SAFETY_TOPIC = "safety";
type NewLegacyPlan = typeof pocketDadLegacyPlans.$inferInsert;

/** Pocket Dad's data; every query is filtered by the owner's user id. */
export function createCoachRepository(db: Database) {
  const byChild = (childId: string | null) => (childId ? eq(pocketDadResponses.childId, childId) : isNull(pocketDadResponses.childId));
  // Every Playbook answer runs these: prepared once (SQL built once, parsed once per connection), not per answer.
  // The topic's count is one row of pocket_dad_topic_counts (counting the history grew with every answer).
  const topicCount = (forChild: boolean) =>
    db
      .select({ n: pocketDadTopicCounts.answers })
      .from(pocketDadTopicCounts)
      .where(
        and(
          eq(pocketDadTopicCounts.userId, sql.placeholder("userId")),
          forChild ? eq(pocketDadTopicCounts.childId, sql.placeholder("childId")) : isNull(pocketDadTopicCounts.childId),
          eq(pocketDadTopicCounts.topic, sql.placeholder("topic")),
        ),
      )
      .prepare(forChild ? "coach_topic_count_for_child" : "coach_topic_count");
  const topicCountForChild = topicCount(true);
  const topicCountWithoutChild = topicCount(false);
  // The answer and its topic's count are written by one statement: both or neither.
  const insertResponse = async (response: NewResponse) => {
    const { rows } = await db.$client.query<{ id: string }>({
      name: "coach_insert_response",
      text: `WITH counted AS (
               INSERT INTO pocket_dad_topic_counts (user_id, child_id, topic, answers) VALUES ($1, $2, $7, 1)
               ON CONFLICT (user_id, child_id, topic) DO UPDATE SET answers = pocket_dad_topic_counts.answers + 1
             )
             INSERT INTO pocket_dad_responses (user_id, child_id, prompt, tone, intensity, text, topic, engine)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      values: [response.userId, response.childId ?? null, response.prompt, response.tone, response.intensity, response.text, response.topic, response.engine],
    });
    return rows[0];
  };
  return {
    /** A child of this user, with the account's time zone (a child's age is counted on the dad's calendar). */
    findChild: async (userId: string, childId: string) =>
      (
        await db
          .select({ name: children.name, birthdate: children.birthdate, profileNote: children.profileNote, timeZone: profiles.timeZone })
          .from(children)
          .innerJoin(profiles, eq(profiles.id, children.userId))
          .where(and(eq(children.userId, userId), eq(children.id, childId)))
      )[0],

    recentResponses: (userId: string, childId: string | null, limit: number) =>
      db
        .select({ prompt: pocketDadResponses.prompt, topic: pocketDadResponses.topic })
        .from(pocketDadResponses)
        .where(and(eq(pocketDadResponses.userId, userId), byChild(childId)))
        .orderBy(desc(pocketDadResponses.createdAt))
        .limit(limit),

    countTopic: async (userId: string, childId: string | null, topic: string) =>
      (childId ? await topicCountForChild.execute({ userId, childId, topic }) : await topicCountWithoutChild.execute({ userId, topic }))[0]?.n ?? 0,

    insertResponse,

    /** Marks a response liked; false when it is not this user's or was already liked. */
    like: async (userId: string, responseId: string) =>
      (await db
        .update(pocketDadResponses)
        .set({ liked: true })
        .where(and(eq(pocketDadResponses.id, responseId), eq(pocketDadResponses.userId, userId), eq(pocketDadResponses.liked, false)))
        .returning({ id: pocketDadResponses.id })).length === 1,

    /** Keeps Dad's own 'Say this' line on his answer; false when it is not this user's or is a safety answer. */
    saveEditedSay: async (userId: string, responseId: string, say: string) =>
      (await db
        .update(pocketDadResponses)
        .set({ editedSay: say })
        .where(and(eq(pocketDadResponses.id, responseId), eq(pocketDadResponses.userId, userId), ne(pocketDadResponses.topic, SAFETY_TOPIC)))
        .returning({ id: pocketDadResponses.id })).length === 1,

    responseExists: async (userId: string, responseId: string) =>
      (await db.select({ id: pocketDadResponses.id }).from(pocketDadResponses).where(and(eq(pocketDadResponses.id, responseId), eq(pocketDadResponses.userId, userId)))).length === 1,

    insertLegacyPlan: async (plan: NewLegacyPlan) => (await db.insert(pocketDadLegacyPlans).values(plan).returning())[0],

    deleteHistory: (userId: string) =>
      db.transaction(async (tx) => {
        await tx.delete(pocketDadResponses).where(eq(pocketDadResponses.userId, userId));
        await tx.delete(pocketDadTopicCounts).where(eq(pocketDadTopicCounts.userId, userId));
      }),
  };
}

export type CoachRepository = ReturnType<typeof createCoachRepository>;
