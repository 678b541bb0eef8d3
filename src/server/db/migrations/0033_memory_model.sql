-- One memory table: narrations, quick notes and videos become rows of "memories" (with a kind), their children rows of
-- "memory_children", their stored files rows of "memory_files" (with a role). Ids are kept, so every link, archive,
-- delivery, confirmation, comment and unlock that names a memory still names it.
CREATE TABLE "memories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"duration_seconds" real,
	"unlock_type" text DEFAULT 'now' NOT NULL,
	"unlock_age" integer,
	"unlock_date" date,
	"unlock_milestone" text,
	"milestone_reached_at" timestamp (3) with time zone,
	"release_early" boolean DEFAULT false NOT NULL,
	"upload_id" text,
	"processing_status" text,
	"processing_progress" integer,
	"processing_error" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_children" (
	"memory_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	CONSTRAINT "memory_children_memory_id_child_id_pk" PRIMARY KEY("memory_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "memory_creation_keys" (
	"user_id" text NOT NULL,
	"key" uuid NOT NULL,
	"memory_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_creation_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "memory_files" (
	"memory_id" uuid NOT NULL,
	"role" text NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"size_bytes" bigint,
	"content_type" text,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_files_memory_id_role_pk" PRIMARY KEY("memory_id","role")
);
--> statement-breakpoint
-- Every narration and quick note, then every video, keeps its id: links, archives, deliveries and unlocks name it.
-- A narration is a memory with a photo; a quick note has none.
INSERT INTO "memories" ("id", "user_id", "kind", "title", "notes", "duration_seconds", "unlock_type", "unlock_age", "unlock_date", "unlock_milestone",
  "milestone_reached_at", "release_early", "created_at", "updated_at")
SELECT "id", "user_id", CASE WHEN "image_path" IS NULL THEN 'note' ELSE 'narration' END, "title", "notes", "duration_seconds", "unlock_type", "unlock_age",
  "unlock_date", "unlock_milestone", "milestone_reached_at", "release_early", "created_at", "created_at"
FROM "narrations";
--> statement-breakpoint
INSERT INTO "memories" ("id", "user_id", "kind", "title", "notes", "duration_seconds", "unlock_type", "unlock_age", "unlock_date", "unlock_milestone",
  "milestone_reached_at", "release_early", "upload_id", "processing_status", "processing_progress", "processing_error", "size_bytes", "created_at", "updated_at")
SELECT "id", "user_id", 'video', "title", "notes", "duration_seconds", "unlock_type", "unlock_age", "unlock_date", "unlock_milestone",
  "milestone_reached_at", "release_early", "upload_id", "processing_status", "processing_progress", "processing_error", "size_bytes", "created_at", "updated_at"
FROM "videos";
--> statement-breakpoint
INSERT INTO "memory_children" ("memory_id", "child_id")
SELECT "narration_id", "child_id" FROM "narration_children"
UNION ALL SELECT "video_id", "child_id" FROM "video_children";
--> statement-breakpoint
INSERT INTO "memory_creation_keys" ("user_id", "key", "memory_id", "created_at")
SELECT "user_id", "key", "narration_id", "created_at" FROM "narration_creation_keys";
--> statement-breakpoint
-- Each stored file with its role; its content type from its name (the app named each file by the type it detected).
-- Sizes are known for processed videos only (counted for the quota); sha256 is recorded for files written from now on.
INSERT INTO "memory_files" ("memory_id", "role", "bucket", "key", "size_bytes", "content_type", "created_at")
SELECT f."memory_id", f."role", f."bucket", f."key", f."size_bytes", CASE substring(f."key" from '\.([^.]+)$')
    WHEN 'webm' THEN 'audio/webm' WHEN 'm4a' THEN 'audio/mp4' WHEN 'wav' THEN 'audio/wav'
    WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'gif' THEN 'image/gif' WHEN 'webp' THEN 'image/webp'
    WHEN 'heic' THEN 'image/heic' WHEN 'avif' THEN 'image/avif' WHEN 'mp4' THEN 'video/mp4' END, f."created_at"
FROM (
  SELECT "id" AS "memory_id", 'voice' AS "role", 'audio' AS "bucket", "audio_path" AS "key", NULL::bigint AS "size_bytes", "created_at" FROM "narrations" WHERE "audio_path" IS NOT NULL
  UNION ALL SELECT "id", 'photo', 'images', "image_path", NULL, "created_at" FROM "narrations" WHERE "image_path" IS NOT NULL
  UNION ALL SELECT "id", 'playable_video', 'videos', "file_path", "size_bytes", "updated_at" FROM "videos" WHERE "file_path" IS NOT NULL
  UNION ALL SELECT "id", 'thumbnail', 'videos', "thumbnail_path", NULL, "updated_at" FROM "videos" WHERE "thumbnail_path" IS NOT NULL
) f;
--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" DROP CONSTRAINT "memory_unlock_instants_one_memory";
--> statement-breakpoint
ALTER TABLE "memory_unlocks" DROP CONSTRAINT "memory_unlocks_one_memory";
--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" DROP CONSTRAINT "memory_unlock_instants_narration_id_narrations_id_fk";
--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" DROP CONSTRAINT "memory_unlock_instants_video_id_videos_id_fk";
--> statement-breakpoint
ALTER TABLE "memory_unlocks" DROP CONSTRAINT "memory_unlocks_narration_id_narrations_id_fk";
--> statement-breakpoint
ALTER TABLE "memory_unlocks" DROP CONSTRAINT "memory_unlocks_video_id_videos_id_fk";
--> statement-breakpoint
ALTER TABLE "video_comments" DROP CONSTRAINT "video_comments_video_id_videos_id_fk";
--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" ALTER COLUMN "memory_id" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "memory_unlocks" ALTER COLUMN "memory_id" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memory_children" ADD CONSTRAINT "memory_children_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memory_children" ADD CONSTRAINT "memory_children_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memory_creation_keys" ADD CONSTRAINT "memory_creation_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memory_creation_keys" ADD CONSTRAINT "memory_creation_keys_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memory_files" ADD CONSTRAINT "memory_files_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" ADD CONSTRAINT "memory_unlock_instants_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memory_unlocks" ADD CONSTRAINT "memory_unlocks_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_video_id_memories_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "memories_user_created_idx" ON "memories" USING btree ("user_id","created_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "memories_user_upload_key" ON "memories" USING btree ("user_id","upload_id");
--> statement-breakpoint
CREATE INDEX "memory_children_child_idx" ON "memory_children" USING btree ("child_id");
--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" DROP COLUMN "narration_id";
--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" DROP COLUMN "video_id";
--> statement-breakpoint
ALTER TABLE "memory_unlocks" DROP COLUMN "narration_id";
--> statement-breakpoint
ALTER TABLE "memory_unlocks" DROP COLUMN "video_id";
--> statement-breakpoint
-- The count per child reads the one link table (the view depends on the old link tables, so it goes first).
DROP VIEW "child_memory_counts";
--> statement-breakpoint
DROP TABLE "narration_creation_keys";
--> statement-breakpoint
DROP TABLE "narration_children";
--> statement-breakpoint
DROP TABLE "video_children";
--> statement-breakpoint
DROP TABLE "narrations";
--> statement-breakpoint
DROP TABLE "videos";
--> statement-breakpoint
CREATE VIEW "child_memory_counts" AS
SELECT c."id" AS "child_id", c."user_id", (SELECT count(*) FROM "memory_children" mc WHERE mc."child_id" = c."id")::int AS "total"
FROM "children" c;
