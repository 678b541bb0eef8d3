CREATE TABLE "archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"child_id" uuid,
	"status" text DEFAULT 'building' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"current_item" text,
	"file_key" text,
	"size_bytes" bigint,
	"missing_files" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "child_claim_codes" (
	"child_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_claim_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "archives" ADD CONSTRAINT "archives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archives" ADD CONSTRAINT "archives_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_claim_codes" ADD CONSTRAINT "child_claim_codes_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_claim_codes" ADD CONSTRAINT "child_claim_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archives_user_created_idx" ON "archives" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "archives_expires_idx" ON "archives" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "archives_one_building_idx" ON "archives" USING btree ("user_id") WHERE status = 'building' AND child_id IS NULL;