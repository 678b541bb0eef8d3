CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_children" (
	"video_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	CONSTRAINT "video_children_video_id_child_id_pk" PRIMARY KEY("video_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"upload_id" text NOT NULL,
	"file_path" text,
	"thumbnail_path" text,
	"duration_seconds" real,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"unlock_type" text DEFAULT 'now' NOT NULL,
	"unlock_age" integer,
	"unlock_date" date,
	"unlock_milestone" text,
	"milestone_reached_at" timestamp with time zone,
	"processing_status" text DEFAULT 'processing' NOT NULL,
	"processing_progress" integer DEFAULT 80 NOT NULL,
	"processing_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"parent_id" uuid,
	"author" text DEFAULT 'Anonymous' NOT NULL,
	"author_id" text NOT NULL,
	"content" text NOT NULL,
	"time_seconds" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_children" ADD CONSTRAINT "video_children_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_children" ADD CONSTRAINT "video_children_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_parent_id_video_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."video_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_id_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploads_last_activity_at_idx" ON "uploads" USING btree ("last_activity_at");--> statement-breakpoint
CREATE INDEX "video_children_child_id_idx" ON "video_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "videos_user_id_created_at_idx" ON "videos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "video_comments_video_id_idx" ON "video_comments" USING btree ("video_id","created_at");