CREATE SCHEMA "engage";
--> statement-breakpoint
CREATE TABLE "engage"."comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" uuid NOT NULL,
	"post_id" text NOT NULL,
	"post_url" text NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"network_comment_id" text,
	"url" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "engage"."feed_items" (
	"user_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"url" text NOT NULL,
	"author_handle" text NOT NULL,
	"author_name" text NOT NULL,
	"author_headline" text NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"reactions" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"reposts" integer DEFAULT 0 NOT NULL,
	"matched_person" boolean DEFAULT false NOT NULL,
	"matched_topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_items_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "engage"."people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"profile_url" text NOT NULL,
	"name" text NOT NULL,
	"headline" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engage"."plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"active" boolean NOT NULL,
	"engage" boolean NOT NULL,
	"commenting_credits" integer NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engage"."sandbox_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"post_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engage"."settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'ar' NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "engage"."suggestion_usage" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "suggestion_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "engage"."suggestions" (
	"user_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"language" text NOT NULL,
	"source" text NOT NULL,
	"items" jsonb NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestions_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "engage"."topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"topic_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "comments_user_key_idx" ON "engage"."comments" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "comments_user_created_idx" ON "engage"."comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feed_items_user_posted_idx" ON "engage"."feed_items" USING btree ("user_id","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "people_user_handle_idx" ON "engage"."people" USING btree ("user_id","handle");--> statement-breakpoint
CREATE INDEX "sandbox_comments_post_idx" ON "engage"."sandbox_comments" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "sandbox_comments_key_idx" ON "engage"."sandbox_comments" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_user_key_idx" ON "engage"."topics" USING btree ("user_id","topic_key");