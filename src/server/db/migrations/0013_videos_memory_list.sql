DROP INDEX "videos_user_id_created_at_idx";--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "milestone_reached_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
CREATE INDEX "videos_user_id_created_at_idx" ON "videos" USING btree ("user_id","created_at","id");