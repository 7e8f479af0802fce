ALTER TABLE "auth"."notifications" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "auth"."notifications" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
ALTER TABLE "auth"."notifications" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "auth"."notifications" ADD COLUMN "excerpt" text;