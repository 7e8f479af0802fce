-- The content service keeps a copy of the member lists from now on (the library's favourites are a
-- workspace's): every list the services copy is owed to it once. The periodic sweep announces the
-- outbox's rows; a copy that holds the version already (the posts service's) changes nothing.
INSERT INTO "auth"."workspace_member_announcements" ("workspace_id", "version", "changed_at")
SELECT w."id", w."members_version", now() - interval '1 hour'
FROM "auth"."workspaces" w
WHERE EXISTS (
	SELECT 1 FROM "auth"."workspace_members" m
	WHERE m."workspace_id" = w."id" AND m."user_id" IS DISTINCT FROM w."personal_of"
)
ON CONFLICT ("workspace_id") DO NOTHING;
