CREATE TABLE "engage"."network_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"sealed_account_id" text,
	"connected" boolean NOT NULL,
	"changed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engage"."feed_items" ADD COLUMN "by_url" boolean DEFAULT false NOT NULL;