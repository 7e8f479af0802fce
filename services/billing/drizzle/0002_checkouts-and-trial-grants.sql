CREATE TABLE "billing"."checkouts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"plan" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing"."trial_grants" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
