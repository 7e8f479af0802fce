CREATE TABLE "posts"."plan_limits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"active" boolean NOT NULL,
	"weekly_posts" integer,
	"period_end" timestamp with time zone,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
