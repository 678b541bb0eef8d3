CREATE TABLE "guardian_declines" (
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"declined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_declines_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
CREATE TABLE "guardian_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "milestone_confirmations" ADD COLUMN "milestone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "guardian_declines" ADD CONSTRAINT "guardian_declines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_invitations" ADD CONSTRAINT "guardian_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_invitations_user_sent_idx" ON "guardian_invitations" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "guardian_invitations_user_email_idx" ON "guardian_invitations" USING btree ("user_id","email","sent_at");--> statement-breakpoint
-- Confirmations given before the text was recorded confirm the milestone as it reads today.
UPDATE "milestone_confirmations" mc SET "milestone" = coalesce((SELECT n."unlock_milestone" FROM "narrations" n WHERE n."id" = mc."memory_id"), (SELECT v."unlock_milestone" FROM "videos" v WHERE v."id" = mc."memory_id"), '');--> statement-breakpoint
-- Addresses that already declined are remembered as declined.
INSERT INTO "guardian_declines" ("user_id", "email", "declined_at") SELECT "user_id", "email", coalesce("responded_at", now()) FROM "guardians" WHERE "status" = 'declined' ON CONFLICT DO NOTHING;
