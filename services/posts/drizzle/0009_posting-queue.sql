CREATE TABLE "posts"."posting_queues" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "queued" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_queued_slot_idx" ON "posts"."posts" USING btree ("user_id","scheduled_at") WHERE "posts"."posts"."queued" and "posts"."posts"."status" = 'scheduled';