CREATE TABLE "narration_creation_keys" (
	"user_id" text NOT NULL,
	"key" uuid NOT NULL,
	"narration_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "narration_creation_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "narration_creation_keys" ADD CONSTRAINT "narration_creation_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "narration_creation_keys" ADD CONSTRAINT "narration_creation_keys_narration_id_narrations_id_fk" FOREIGN KEY ("narration_id") REFERENCES "public"."narrations"("id") ON DELETE cascade ON UPDATE no action;