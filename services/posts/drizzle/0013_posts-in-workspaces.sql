-- Every post and draft so far belongs to its author's personal workspace, whose id is the
-- author's account id by design: the column is added empty, filled from user_id, then required.
ALTER TABLE "posts"."drafts" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "posts"."drafts" SET "workspace_id" = "user_id" WHERE "workspace_id" IS NULL;--> statement-breakpoint
UPDATE "posts"."posts" SET "workspace_id" = "user_id" WHERE "workspace_id" IS NULL;--> statement-breakpoint
ALTER TABLE "posts"."drafts" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "posts"."posts" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "drafts_workspace_updated_at_idx" ON "posts"."drafts" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "posts_workspace_scheduled_at_idx" ON "posts"."posts" USING btree ("workspace_id","scheduled_at");
