ALTER TABLE "posts"."connections" ADD COLUMN "disconnected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "retry_at" timestamp with time zone;