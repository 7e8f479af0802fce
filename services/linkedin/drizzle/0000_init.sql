CREATE SCHEMA "linkedin";
--> statement-breakpoint
CREATE TABLE "linkedin"."accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_account" text,
	"pending_provider" text,
	"pending_provider_account" text,
	"pending_checkpoint" jsonb,
	"pending_expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"disconnect_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "linkedin"."publish_attempts" (
	"post_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"network_post_id" text,
	"url" text,
	"reason" text,
	"started_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_attempts_post_id_attempt_pk" PRIMARY KEY("post_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "linkedin"."sandbox_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"expired" boolean DEFAULT false NOT NULL,
	"pending" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_accounts_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "linkedin"."sandbox_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"text" text NOT NULL,
	"reactions" integer NOT NULL,
	"comments" integer NOT NULL,
	"reposts" integer NOT NULL,
	"impressions" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "linkedin"."sandbox_posts" ADD CONSTRAINT "sandbox_posts_account_id_sandbox_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "linkedin"."sandbox_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_posts_account_created_idx" ON "linkedin"."sandbox_posts" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);