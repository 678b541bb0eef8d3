CREATE TABLE "dad_dna_results" (
	"user_id" text PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"archetype" text NOT NULL,
	"scores" jsonb NOT NULL,
	"tone" text NOT NULL,
	"intensity" text NOT NULL,
	"version" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dad_dna_results" ADD CONSTRAINT "dad_dna_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;