CREATE TABLE "pocket_dad_topic_counts" (
	"user_id" text NOT NULL,
	"child_id" uuid,
	"topic" text NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "pocket_dad_topic_counts_key" UNIQUE NULLS NOT DISTINCT("user_id","child_id","topic")
);
--> statement-breakpoint
ALTER TABLE "pocket_dad_topic_counts" ADD CONSTRAINT "pocket_dad_topic_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pocket_dad_topic_counts" ADD CONSTRAINT "pocket_dad_topic_counts_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "pocket_dad_topic_counts" ("user_id", "child_id", "topic", "answers")
SELECT "user_id", "child_id", "topic", count(*)::int FROM "pocket_dad_responses" GROUP BY "user_id", "child_id", "topic";
