CREATE TABLE "ai"."voice_new_posts" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voice_new_posts_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE INDEX "voice_new_posts_user_published_idx" ON "ai"."voice_new_posts" USING btree ("user_id","published_at");