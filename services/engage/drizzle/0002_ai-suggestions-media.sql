CREATE TABLE "engage"."suggestion_requests" (
	"user_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"generation" integer NOT NULL,
	"language" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_requests_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "engage"."feed_items" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;