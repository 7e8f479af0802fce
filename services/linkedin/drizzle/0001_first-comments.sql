CREATE TABLE "linkedin"."first_comments" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"network_comment_id" text,
	"reason" text,
	"code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkedin"."sandbox_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"account_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "linkedin"."sandbox_comments" ADD CONSTRAINT "sandbox_comments_post_id_sandbox_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "linkedin"."sandbox_posts"("id") ON DELETE cascade ON UPDATE no action;