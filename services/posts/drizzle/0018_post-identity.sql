ALTER TABLE "posts"."connections" ADD COLUMN "identity" text;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "identity" text;