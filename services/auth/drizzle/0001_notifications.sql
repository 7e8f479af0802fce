CREATE TABLE "auth"."notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "auth"."notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"post_id" uuid,
	"url" text,
	"reason" text,
	"email" text DEFAULT 'none' NOT NULL,
	"emailed_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "notifications_email_state" CHECK ("auth"."notifications"."email" in ('none', 'urgent', 'digest', 'sent', 'skipped'))
);
--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "auth"."notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "auth"."notifications" USING btree ("user_id") WHERE "auth"."notifications"."email" = 'digest';