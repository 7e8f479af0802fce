ALTER TABLE "engage"."comments" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "engage"."comments" ADD COLUMN "params" jsonb;