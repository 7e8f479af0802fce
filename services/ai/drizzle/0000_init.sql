CREATE SCHEMA "ai";
--> statement-breakpoint
CREATE TABLE "ai"."composer_choices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai"."credit_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_balance_not_negative" CHECK (balance >= 0),
	CONSTRAINT "credit_accounts_plan_known" CHECK (plan in ('free', 'premium'))
);
--> statement-breakpoint
CREATE TABLE "ai"."generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"action" text,
	"model" text NOT NULL,
	"premium" boolean NOT NULL,
	"cost" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"prompt_version" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "generations_status_known" CHECK (status in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ai"."personalizations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "generations_user_created_idx" ON "ai"."generations" USING btree ("user_id","created_at");