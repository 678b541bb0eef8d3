CREATE TABLE "legacy_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"token_hash" text,
	"released" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "narrations" ADD COLUMN "release_early" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_unlocks" ADD COLUMN "released_early" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "release_early" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "family_settings" ADD COLUMN "legacy_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "family_settings" ADD COLUMN "legacy_period_months" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "family_settings" ADD COLUMN "last_seen_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "legacy_events" ADD CONSTRAINT "legacy_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_events_once" ON "legacy_events" USING btree ("user_id","kind","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_events_token_unique" ON "legacy_events" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "family_settings_legacy_idx" ON "family_settings" USING btree ("last_seen_at") WHERE legacy_enabled;