ALTER TABLE "auth"."notifications" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "auth"."notifications" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
ALTER TABLE "auth"."notifications" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "auth"."notifications" ADD COLUMN "excerpt" text;--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "auth"."notifications" USING btree ("actor_id") WHERE "auth"."notifications"."actor_id" is not null;