CREATE TABLE "family_page_visits" (
	"guardian_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"previous_visit_at" timestamp (3) with time zone,
	"last_viewed_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "family_page_visits_guardian_id_child_id_pk" PRIMARY KEY("guardian_id","child_id")
);
--> statement-breakpoint
ALTER TABLE "family_settings" ADD COLUMN "dad_name" text DEFAULT 'Dad' NOT NULL;--> statement-breakpoint
ALTER TABLE "family_page_visits" ADD CONSTRAINT "family_page_visits_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_page_visits" ADD CONSTRAINT "family_page_visits_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;