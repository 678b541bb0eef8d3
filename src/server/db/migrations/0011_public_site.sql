CREATE TABLE "landing_page_assignments" (
	"visitor_id" uuid PRIMARY KEY NOT NULL,
	"variant" text NOT NULL,
	"user_id" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_page_conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"conversion_type" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"converted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_page_conversions_once" UNIQUE("visitor_id","conversion_type")
);
--> statement-breakpoint
CREATE TABLE "dad_move_deliveries" (
	"subscriber_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dad_move_deliveries_subscriber_id_week_pk" PRIMARY KEY("subscriber_id","week")
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "subscribers_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"path" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visitor_id" uuid,
	"user_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "landing_page_assignments" ADD CONSTRAINT "landing_page_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_page_conversions" ADD CONSTRAINT "landing_page_conversions_visitor_id_landing_page_assignments_visitor_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."landing_page_assignments"("visitor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dad_move_deliveries" ADD CONSTRAINT "dad_move_deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landing_page_assignments_user_id_idx" ON "landing_page_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscribers_active_idx" ON "subscribers" USING btree ("subscribed_at");--> statement-breakpoint
CREATE INDEX "analytics_events_name_occurred_idx" ON "analytics_events" USING btree ("name","occurred_at");