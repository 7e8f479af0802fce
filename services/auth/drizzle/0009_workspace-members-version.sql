ALTER TABLE "auth"."workspaces" ADD COLUMN "members_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One sequence for all workspaces: a version also orders changes across workspaces.
CREATE SEQUENCE "auth"."workspace_members_version";--> statement-breakpoint
CREATE FUNCTION "auth"."bump_workspace_members_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "auth"."workspaces" SET "members_version" = nextval('"auth"."workspace_members_version"')
	WHERE "id" = COALESCE(NEW."workspace_id", OLD."workspace_id");
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "workspace_members_version" AFTER INSERT OR UPDATE OR DELETE ON "auth"."workspace_members"
	FOR EACH ROW EXECUTE FUNCTION "auth"."bump_workspace_members_version"();--> statement-breakpoint
UPDATE "auth"."workspaces" SET "members_version" = nextval('"auth"."workspace_members_version"');
