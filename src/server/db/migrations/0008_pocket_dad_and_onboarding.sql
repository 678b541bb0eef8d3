CREATE TABLE "pocket_dad_legacy_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"child_id" uuid NOT NULL,
	"title" text NOT NULL,
	"unlock_type" text NOT NULL,
	"unlock_value" text NOT NULL,
	"source" text DEFAULT 'PocketDad' NOT NULL,
	"tone" text NOT NULL,
	"intensity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pocket_dad_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"child_id" uuid,
	"prompt" text NOT NULL,
	"tone" text NOT NULL,
	"intensity" text NOT NULL,
	"text" text NOT NULL,
	"topic" text NOT NULL,
	"engine" text NOT NULL,
	"liked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "onboarding_questions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "onboarding_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"child_id" uuid,
	"question_id" integer NOT NULL,
	"answer_short" text NOT NULL,
	"answer_json" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_responses_user_child_question" UNIQUE NULLS NOT DISTINCT("user_id","child_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pocketdad_tone" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pocketdad_tone_intensity" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "onboarding_answers" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "quiz_result" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "quiz_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pocket_dad_legacy_plans" ADD CONSTRAINT "pocket_dad_legacy_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pocket_dad_legacy_plans" ADD CONSTRAINT "pocket_dad_legacy_plans_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pocket_dad_responses" ADD CONSTRAINT "pocket_dad_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pocket_dad_responses" ADD CONSTRAINT "pocket_dad_responses_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_responses" ADD CONSTRAINT "onboarding_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_responses" ADD CONSTRAINT "onboarding_responses_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_responses" ADD CONSTRAINT "onboarding_responses_question_id_onboarding_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."onboarding_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pocket_dad_legacy_plans_user_idx" ON "pocket_dad_legacy_plans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pocket_dad_responses_user_created_idx" ON "pocket_dad_responses" USING btree ("user_id","created_at");