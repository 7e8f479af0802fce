CREATE TABLE "ai"."daily_ideas" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"ideas" jsonb NOT NULL,
	"language" text NOT NULL,
	"model" text NOT NULL,
	"offline" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_ideas_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "ai"."writer_posts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"openings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
