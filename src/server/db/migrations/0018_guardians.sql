CREATE TABLE "family_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"memory_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"digest_day" text,
	"unlocked_at" timestamp with time zone NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guardian_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"confirmations_needed" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian_children" (
	"guardian_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	CONSTRAINT "guardian_children_guardian_id_child_id_pk" PRIMARY KEY("guardian_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"relation" text NOT NULL,
	"all_children" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"paused_at" timestamp with time zone,
	"invite_token_hash" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"memory_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_deliveries" ADD CONSTRAINT "family_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_deliveries" ADD CONSTRAINT "family_deliveries_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_deliveries" ADD CONSTRAINT "family_deliveries_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_settings" ADD CONSTRAINT "family_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_children" ADD CONSTRAINT "guardian_children_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_children" ADD CONSTRAINT "guardian_children_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_confirmations" ADD CONSTRAINT "milestone_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_confirmations" ADD CONSTRAINT "milestone_confirmations_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_confirmations" ADD CONSTRAINT "milestone_confirmations_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_deliveries_once" ON "family_deliveries" USING btree ("memory_id","child_id","guardian_id");--> statement-breakpoint
CREATE INDEX "family_deliveries_digest_idx" ON "family_deliveries" USING btree ("guardian_id","digest_day");--> statement-breakpoint
CREATE INDEX "family_deliveries_user_idx" ON "family_deliveries" USING btree ("user_id","memory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_links_token_unique" ON "family_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "family_links_guardian_idx" ON "family_links" USING btree ("guardian_id","child_id");--> statement-breakpoint
CREATE INDEX "guardian_children_child_idx" ON "guardian_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "guardians_user_id_idx" ON "guardians" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_user_email_unique" ON "guardians" USING btree ("user_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_invite_token_unique" ON "guardians" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_confirmations_once" ON "milestone_confirmations" USING btree ("memory_id","guardian_id");--> statement-breakpoint
CREATE INDEX "milestone_confirmations_user_idx" ON "milestone_confirmations" USING btree ("user_id");