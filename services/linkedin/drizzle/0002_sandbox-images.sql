CREATE TABLE "linkedin"."sandbox_images" (
	"post_id" text NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_images_post_id_position_pk" PRIMARY KEY("post_id","position")
);
--> statement-breakpoint
ALTER TABLE "linkedin"."sandbox_images" ADD CONSTRAINT "sandbox_images_post_id_sandbox_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "linkedin"."sandbox_posts"("id") ON DELETE cascade ON UPDATE no action;