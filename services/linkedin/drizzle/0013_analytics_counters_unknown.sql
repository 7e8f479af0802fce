ALTER TABLE "linkedin"."analytics_posts" ALTER COLUMN "reactions" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "linkedin"."analytics_posts" ALTER COLUMN "comments" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "linkedin"."analytics_posts" ALTER COLUMN "reposts" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "linkedin"."analytics_posts" ALTER COLUMN "impressions" DROP NOT NULL;