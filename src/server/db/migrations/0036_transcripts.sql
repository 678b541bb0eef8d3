CREATE TABLE "transcript_segments" (
	"memory_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"text" text NOT NULL,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "transcript_segments_memory_id_position_pk" PRIMARY KEY("memory_id","position")
);
--> statement-breakpoint
CREATE TABLE "transcripts" (
	"memory_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"engine" text,
	"language" text,
	"source_sha256" text,
	"edited_by_dad" boolean DEFAULT false NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD CONSTRAINT "transcript_segments_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcript_segments_text_idx" ON "transcript_segments" USING gin (to_tsvector('english', "text"));