CREATE TABLE "posts"."draft_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"draft_id" uuid NOT NULL,
	"post_id" uuid,
	"actor_id" uuid,
	"action" text NOT NULL,
	"version" integer,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "draft_activity_action" CHECK ("posts"."draft_activity"."action" in ('created', 'edited', 'submitted', 'changes_requested', 'approved', 'scheduled', 'published'))
);
--> statement-breakpoint
CREATE TABLE "posts"."draft_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"parent_id" uuid,
	"kind" text DEFAULT 'comment' NOT NULL,
	"body" text NOT NULL,
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draft_comments_kind" CHECK ("posts"."draft_comments"."kind" in ('comment', 'changes_requested'))
);
--> statement-breakpoint
CREATE TABLE "posts"."review_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts"."drafts" ADD COLUMN "review_state" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts"."drafts" ADD COLUMN "submitted_by" uuid;--> statement-breakpoint
ALTER TABLE "posts"."drafts" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts"."drafts" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "posts"."drafts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts"."drafts" ADD COLUMN "approved_version" integer;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts"."draft_comments" ADD CONSTRAINT "draft_comments_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "posts"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts"."draft_comments" ADD CONSTRAINT "draft_comments_parent_id_draft_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "posts"."draft_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_activity_draft_idx" ON "posts"."draft_activity" USING btree ("draft_id","at");--> statement-breakpoint
CREATE INDEX "draft_activity_post_idx" ON "posts"."draft_activity" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "draft_activity_actor_idx" ON "posts"."draft_activity" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "draft_comments_draft_idx" ON "posts"."draft_comments" USING btree ("draft_id","created_at");--> statement-breakpoint
CREATE INDEX "draft_comments_author_idx" ON "posts"."draft_comments" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "posts"."drafts" ADD CONSTRAINT "drafts_review_state" CHECK ("posts"."drafts"."review_state" in ('draft', 'in_review', 'changes_requested', 'approved'));