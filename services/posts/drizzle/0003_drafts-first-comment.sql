CREATE TYPE "posts"."first_comment_status" AS ENUM('pending', 'posted', 'failed');--> statement-breakpoint
CREATE TABLE "posts"."drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"first_comment" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drafts_content_length" CHECK (char_length("posts"."drafts"."content") <= 3000),
	CONSTRAINT "drafts_first_comment_length" CHECK (char_length("posts"."drafts"."first_comment") <= 1250)
);
--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "first_comment" text;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "first_comment_status" "posts"."first_comment_status";--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "first_comment_failure" text;--> statement-breakpoint
CREATE INDEX "drafts_user_updated_at_idx" ON "posts"."drafts" USING btree ("user_id","updated_at");--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD CONSTRAINT "posts_first_comment_length" CHECK (char_length("posts"."posts"."first_comment") between 1 and 1250);