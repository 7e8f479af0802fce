ALTER TABLE "posts"."media" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "posts"."media" ADD COLUMN "page_count" integer;