CREATE TABLE "prompt_categories" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"tagline" text DEFAULT 'Moments worth saving forever.' NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_key" text,
	"text" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_category_key_prompt_categories_key_fk" FOREIGN KEY ("category_key") REFERENCES "public"."prompt_categories"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompts_category_idx" ON "prompts" USING btree ("category_key","position");