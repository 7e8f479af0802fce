-- The favourites belong to a workspace from now on. A personal workspace's id is its account's,
-- so every favourite saved so far stays where it was: in its user's personal workspace, saved by them.
ALTER TABLE "content"."library_favourites" DROP CONSTRAINT "library_favourites_user_id_post_id_pk";--> statement-breakpoint
ALTER TABLE "content"."library_favourites" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "content"."library_favourites" ADD COLUMN "added_by" uuid;--> statement-breakpoint
UPDATE "content"."library_favourites" SET "added_by" = "workspace_id";--> statement-breakpoint
ALTER TABLE "content"."library_favourites" ADD CONSTRAINT "library_favourites_workspace_id_post_id_pk" PRIMARY KEY("workspace_id","post_id");--> statement-breakpoint
CREATE INDEX "library_favourites_added_by_idx" ON "content"."library_favourites" USING btree ("added_by");--> statement-breakpoint
CREATE TYPE "content"."workspace_role" AS ENUM('owner', 'admin', 'editor', 'contributor', 'viewer');--> statement-breakpoint
CREATE TABLE "content"."workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "content"."workspace_role" NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "content"."workspace_versions" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "content"."workspace_members" USING btree ("user_id");
