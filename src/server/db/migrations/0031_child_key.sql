CREATE TABLE "child_key_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"guardian_id" uuid,
	"token_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "child_key_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"child_id" uuid NOT NULL,
	"email" text NOT NULL,
	"way" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_guardian_id" uuid,
	"decided_at" timestamp with time zone,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "child_keys" (
	"child_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"question" text NOT NULL,
	"answer_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "kind" text DEFAULT 'guardian' NOT NULL;--> statement-breakpoint
ALTER TABLE "child_key_approvals" ADD CONSTRAINT "child_key_approvals_request_id_child_key_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."child_key_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_key_approvals" ADD CONSTRAINT "child_key_approvals_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_key_requests" ADD CONSTRAINT "child_key_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_key_requests" ADD CONSTRAINT "child_key_requests_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_key_requests" ADD CONSTRAINT "child_key_requests_decided_by_guardian_id_guardians_id_fk" FOREIGN KEY ("decided_by_guardian_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_keys" ADD CONSTRAINT "child_keys_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_keys" ADD CONSTRAINT "child_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "child_key_approvals_token_unique" ON "child_key_approvals" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "child_key_requests_child_idx" ON "child_key_requests" USING btree ("child_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "child_key_requests_confirm_unique" ON "child_key_requests" USING btree ("confirm_token_hash");