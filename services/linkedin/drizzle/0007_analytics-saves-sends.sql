ALTER TABLE "linkedin"."analytics_posts" ADD COLUMN "saves" integer;--> statement-breakpoint
ALTER TABLE "linkedin"."analytics_posts" ADD COLUMN "sends" integer;