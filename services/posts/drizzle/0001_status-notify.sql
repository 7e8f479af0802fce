-- Every status change is announced, so an API process waiting on "publish now" learns the
-- network's answer at once (LISTEN posts_status) instead of polling.
CREATE OR REPLACE FUNCTION "posts"."notify_status_change"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('posts_status', NEW.id::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "posts_status_notify"
  AFTER UPDATE OF "status" ON "posts"."posts"
  FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "posts"."notify_status_change"();
