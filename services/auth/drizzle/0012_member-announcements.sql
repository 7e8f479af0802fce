CREATE TABLE "auth"."workspace_member_announcements" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "workspace_member_announcements_changed_at_idx" ON "auth"."workspace_member_announcements" USING btree ("changed_at");--> statement-breakpoint
-- The change and its row in the outbox are one transaction: a change is never lost to the services
-- that copy member lists, even when its announcement after the commit is. An account's own row in
-- its personal workspace (whose id is the account's) is not announced: it is made with the account
-- and goes with it, and every service knows of both from the account's own events.
CREATE OR REPLACE FUNCTION "auth"."bump_workspace_members_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed_workspace uuid := COALESCE(NEW."workspace_id", OLD."workspace_id");
	next_version bigint := nextval('"auth"."workspace_members_version"');
BEGIN
	UPDATE "auth"."workspaces" SET "members_version" = next_version WHERE "id" = changed_workspace;
	IF changed_workspace IS DISTINCT FROM COALESCE(NEW."user_id", OLD."user_id") THEN
		INSERT INTO "auth"."workspace_member_announcements" ("workspace_id", "version")
		VALUES (changed_workspace, next_version)
		ON CONFLICT ("workspace_id") DO UPDATE SET "version" = excluded."version", "changed_at" = now();
	END IF;
	RETURN NULL;
END;
$$;
