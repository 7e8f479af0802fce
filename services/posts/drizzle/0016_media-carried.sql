CREATE INDEX "drafts_media_idx" ON "posts"."drafts" USING gin ("media" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "posts_media_idx" ON "posts"."posts" USING gin ("media" jsonb_path_ops);