-- A post's 'published' entry is written once; should a post ever have two, the first is kept.
DELETE FROM "posts"."draft_activity" later USING "posts"."draft_activity" first
WHERE later."action" = 'published' AND first."action" = 'published' AND later."post_id" = first."post_id"
  AND (later."at", later."id") > (first."at", first."id");--> statement-breakpoint
CREATE UNIQUE INDEX "draft_activity_published_once" ON "posts"."draft_activity" USING btree ("post_id") WHERE "posts"."draft_activity"."action" = 'published';
