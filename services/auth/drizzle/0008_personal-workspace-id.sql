ALTER TABLE "auth"."workspace_invitations" DROP CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "auth"."workspace_members" DROP CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "auth"."workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "auth"."workspaces"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "auth"."workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "auth"."workspaces"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- A personal workspace takes its account's id; its members and invitations follow (ON UPDATE cascade).
UPDATE "auth"."workspaces" SET "id" = "personal_of" WHERE "personal_of" IS NOT NULL AND "id" <> "personal_of";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "auth"."make_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "auth"."workspaces" ("id", "name", "personal_of") VALUES (NEW."id", split_part(NEW."email", '@', 1), NEW."id");
	INSERT INTO "auth"."workspace_members" ("workspace_id", "user_id", "role") VALUES (NEW."id", NEW."id", 'owner');
	RETURN NULL;
END;
$$;--> statement-breakpoint
ALTER TABLE "auth"."workspaces" ADD CONSTRAINT "workspaces_personal_is_account" CHECK ("auth"."workspaces"."personal_of" is null or "auth"."workspaces"."id" = "auth"."workspaces"."personal_of");