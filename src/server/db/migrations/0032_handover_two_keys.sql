CREATE TABLE "child_handover_ages" (
	"child_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"age" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "child_handovers" (
	"child_id" uuid NOT NULL,
	"age" integer NOT NULL,
	"user_id" text NOT NULL,
	"messages" integer NOT NULL,
	"handed_over_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_handovers_child_id_age_pk" PRIMARY KEY("child_id","age")
);
--> statement-breakpoint
CREATE TABLE "legacy_alarms" (
	"user_id" text NOT NULL,
	"guardian_id" uuid NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"raised_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "legacy_alarms_user_id_period_start_guardian_id_pk" PRIMARY KEY("user_id","period_start","guardian_id")
);
--> statement-breakpoint
ALTER TABLE "family_settings" ADD COLUMN "legacy_guardians_needed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "family_settings" ADD COLUMN "legacy_veto_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "child_handover_ages" ADD CONSTRAINT "child_handover_ages_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_handover_ages" ADD CONSTRAINT "child_handover_ages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_handovers" ADD CONSTRAINT "child_handovers_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_handovers" ADD CONSTRAINT "child_handovers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_alarms" ADD CONSTRAINT "legacy_alarms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_alarms" ADD CONSTRAINT "legacy_alarms_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;