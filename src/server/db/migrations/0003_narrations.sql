CREATE TABLE "narration_children" (
	"narration_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	CONSTRAINT "narration_children_narration_id_child_id_pk" PRIMARY KEY("narration_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "narrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"image_path" text,
	"audio_path" text,
	"unlock_type" text DEFAULT 'now' NOT NULL,
	"unlock_age" integer,
	"unlock_date" date,
	"unlock_milestone" text,
	"milestone_reached_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "narration_children" ADD CONSTRAINT "narration_children_narration_id_narrations_id_fk" FOREIGN KEY ("narration_id") REFERENCES "public"."narrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "narration_children" ADD CONSTRAINT "narration_children_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "narrations" ADD CONSTRAINT "narrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "narration_children_child_idx" ON "narration_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "narrations_user_created_idx" ON "narrations" USING btree ("user_id","created_at","id");