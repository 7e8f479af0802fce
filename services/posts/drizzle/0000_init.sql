CREATE SCHEMA "posts";
--> statement-breakpoint
CREATE TYPE "posts"."post_status" AS ENUM('scheduled', 'publishing', 'published', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "posts"."posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"status" "posts"."post_status" NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"entered_date" text,
	"entered_time" text,
	"network_post_id" text,
	"network_url" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"publishing_since" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_content_length" CHECK (char_length("posts"."posts"."content") between 1 and 3000)
);
--> statement-breakpoint
CREATE INDEX "posts_user_scheduled_at_idx" ON "posts"."posts" USING btree ("user_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "posts_status_scheduled_at_idx" ON "posts"."posts" USING btree ("status","scheduled_at");