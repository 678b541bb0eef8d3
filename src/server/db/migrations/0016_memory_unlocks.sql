CREATE TABLE "memory_unlock_instants" (
	"narration_id" uuid,
	"video_id" uuid,
	"memory_id" uuid GENERATED ALWAYS AS (coalesce(narration_id, video_id)) STORED NOT NULL,
	"memory_kind" text NOT NULL,
	"child_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"unlock_type" text NOT NULL,
	"opens_at" timestamp (3) with time zone,
	"unlocked_at" timestamp (3) with time zone,
	CONSTRAINT "memory_unlock_instants_one_memory" CHECK (num_nonnulls(narration_id, video_id) = 1)
);
--> statement-breakpoint
CREATE TABLE "memory_unlocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"narration_id" uuid,
	"video_id" uuid,
	"memory_id" uuid GENERATED ALWAYS AS (coalesce(narration_id, video_id)) STORED NOT NULL,
	"memory_kind" text NOT NULL,
	"child_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"unlock_type" text NOT NULL,
	"unlocked_at" timestamp (3) with time zone NOT NULL,
	"recorded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp (3) with time zone,
	CONSTRAINT "memory_unlocks_one_memory" CHECK (num_nonnulls(narration_id, video_id) = 1)
);
--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" ADD CONSTRAINT "memory_unlock_instants_narration_id_narrations_id_fk" FOREIGN KEY ("narration_id") REFERENCES "public"."narrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" ADD CONSTRAINT "memory_unlock_instants_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" ADD CONSTRAINT "memory_unlock_instants_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" ADD CONSTRAINT "memory_unlock_instants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_unlocks" ADD CONSTRAINT "memory_unlocks_narration_id_narrations_id_fk" FOREIGN KEY ("narration_id") REFERENCES "public"."narrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_unlocks" ADD CONSTRAINT "memory_unlocks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_unlocks" ADD CONSTRAINT "memory_unlocks_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_unlocks" ADD CONSTRAINT "memory_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memory_unlock_instants_memory_child_key" ON "memory_unlock_instants" USING btree ("memory_id","child_id");--> statement-breakpoint
CREATE INDEX "memory_unlock_instants_due_idx" ON "memory_unlock_instants" USING btree ("opens_at") WHERE unlocked_at IS NULL AND opens_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "memory_unlock_instants_child_idx" ON "memory_unlock_instants" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memory_unlocks_memory_child_key" ON "memory_unlocks" USING btree ("memory_id","child_id");--> statement-breakpoint
CREATE INDEX "memory_unlocks_undispatched_idx" ON "memory_unlocks" USING btree ("recorded_at") WHERE dispatched_at IS NULL;--> statement-breakpoint
CREATE INDEX "memory_unlocks_child_idx" ON "memory_unlocks" USING btree ("child_id","unlocked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_user_upload_key" ON "videos" USING btree ("user_id","upload_id");--> statement-breakpoint
-- Backfill: the instant each existing memory opens for each of its children (the app recomputes them from now on).
-- A date opens at the start of that day in the account's time zone; an age when the first of its children reaches it
-- (a date plus whole years lands a 29 February birthday on 28 February in common years, decisions 20); 'now' when saved;
-- a milestone when marked reached; a video only once processed. The unlock job then records each one once.
INSERT INTO "memory_unlock_instants" ("narration_id", "memory_kind", "child_id", "user_id", "unlock_type", "opens_at")
SELECT n.id, CASE WHEN n.image_path IS NULL THEN 'note' ELSE 'narration' END, link.child_id, n.user_id, n.unlock_type,
  CASE n.unlock_type
    WHEN 'now' THEN n.created_at
    WHEN 'date' THEN n.unlock_date::timestamp AT TIME ZONE p.time_zone
    WHEN 'milestone' THEN n.milestone_reached_at
    WHEN 'age' THEN (SELECT min(c.birthdate + make_interval(years => n.unlock_age))::timestamp AT TIME ZONE p.time_zone
                     FROM narration_children l JOIN children c ON c.id = l.child_id WHERE l.narration_id = n.id)
  END
FROM narrations n JOIN profiles p ON p.id = n.user_id JOIN narration_children link ON link.narration_id = n.id;
--> statement-breakpoint
INSERT INTO "memory_unlock_instants" ("video_id", "memory_kind", "child_id", "user_id", "unlock_type", "opens_at")
SELECT v.id, 'video', link.child_id, v.user_id, v.unlock_type,
  CASE
    WHEN v.processing_status <> 'completed' THEN NULL
    WHEN v.unlock_type = 'now' THEN v.created_at
    WHEN v.unlock_type = 'date' THEN v.unlock_date::timestamp AT TIME ZONE p.time_zone
    WHEN v.unlock_type = 'milestone' THEN v.milestone_reached_at
    WHEN v.unlock_type = 'age' THEN (SELECT min(c.birthdate + make_interval(years => v.unlock_age))::timestamp AT TIME ZONE p.time_zone
                                     FROM video_children l JOIN children c ON c.id = l.child_id WHERE l.video_id = v.id)
  END
FROM videos v JOIN profiles p ON p.id = v.user_id JOIN video_children link ON link.video_id = v.id;
