CREATE TYPE "auth"."workspace_role" AS ENUM('owner', 'admin', 'editor', 'contributor', 'viewer');--> statement-breakpoint
CREATE TABLE "auth"."workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "auth"."workspace_role" NOT NULL,
	"token_hash" text,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	CONSTRAINT "workspace_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "workspace_invitations_email_lower_case" CHECK ("auth"."workspace_invitations"."email" = lower("auth"."workspace_invitations"."email")),
	CONSTRAINT "workspace_invitations_not_owner" CHECK ("auth"."workspace_invitations"."role" <> 'owner')
);
--> statement-breakpoint
CREATE TABLE "auth"."workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "auth"."workspace_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "auth"."workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"personal_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_personal_of_unique" UNIQUE("personal_of")
);
--> statement-breakpoint
ALTER TABLE "auth"."workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "auth"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."workspace_invitations" ADD CONSTRAINT "workspace_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "auth"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."workspaces" ADD CONSTRAINT "workspaces_personal_of_users_id_fk" FOREIGN KEY ("personal_of") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_waiting" ON "auth"."workspace_invitations" USING btree ("workspace_id","email") WHERE "auth"."workspace_invitations"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "auth"."workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner" ON "auth"."workspace_members" USING btree ("workspace_id") WHERE "auth"."workspace_members"."role" = 'owner';--> statement-breakpoint
-- Every account has a personal workspace, made by the statement that makes the account: no path that adds a user can leave one without it.
CREATE FUNCTION "auth"."make_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	made uuid;
BEGIN
	INSERT INTO "auth"."workspaces" ("name", "personal_of") VALUES (split_part(NEW."email", '@', 1), NEW."id") RETURNING "id" INTO made;
	INSERT INTO "auth"."workspace_members" ("workspace_id", "user_id", "role") VALUES (made, NEW."id", 'owner');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_personal_workspace" AFTER INSERT ON "auth"."users" FOR EACH ROW EXECUTE FUNCTION "auth"."make_personal_workspace"();--> statement-breakpoint
-- The accounts that exist already: each gets its personal workspace, as its owner.
INSERT INTO "auth"."workspaces" ("name", "personal_of") SELECT split_part("email", '@', 1), "id" FROM "auth"."users" ON CONFLICT ("personal_of") DO NOTHING;--> statement-breakpoint
INSERT INTO "auth"."workspace_members" ("workspace_id", "user_id", "role") SELECT "id", "personal_of", 'owner' FROM "auth"."workspaces" WHERE "personal_of" IS NOT NULL ON CONFLICT DO NOTHING;
