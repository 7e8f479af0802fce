CREATE SCHEMA "auth";
--> statement-breakpoint
CREATE TABLE "auth"."magic_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"roles" text[] DEFAULT '{user}'::text[] NOT NULL,
	"personalization" jsonb,
	"personalization_version" integer DEFAULT 0 NOT NULL,
	"linkedin_connected" boolean DEFAULT false NOT NULL,
	"linkedin_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("auth"."users"."email" = lower("auth"."users"."email"))
);
--> statement-breakpoint
CREATE INDEX "magic_links_expires_at_idx" ON "auth"."magic_links" USING btree ("expires_at");