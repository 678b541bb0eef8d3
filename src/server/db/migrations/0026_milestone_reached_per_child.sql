DROP INDEX "milestone_confirmations_once";--> statement-breakpoint
ALTER TABLE "memory_unlock_instants" ADD COLUMN "milestone_reached_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_confirmations_once" ON "milestone_confirmations" USING btree ("memory_id","child_id","guardian_id");