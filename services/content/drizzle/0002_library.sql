CREATE TABLE "content"."library_favourites" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_favourites_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "content"."library_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lang" text NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"topic" text NOT NULL,
	"format" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"search_ar" "tsvector" GENERATED ALWAYS AS (to_tsvector('arabic'::regconfig, coalesce(author, '') || ' ' || body)) STORED,
	"search_en" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(author, '') || ' ' || body)) STORED
);
--> statement-breakpoint
ALTER TABLE "content"."library_favourites" ADD CONSTRAINT "library_favourites_post_id_library_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "content"."library_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_favourites_post_idx" ON "content"."library_favourites" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_posts_seed_key_idx" ON "content"."library_posts" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "library_posts_search_ar_idx" ON "content"."library_posts" USING gin ("search_ar");--> statement-breakpoint
CREATE INDEX "library_posts_search_en_idx" ON "content"."library_posts" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "library_posts_created_idx" ON "content"."library_posts" USING btree ("created_at","id");