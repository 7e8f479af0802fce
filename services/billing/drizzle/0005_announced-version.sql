ALTER TABLE "billing"."entitlements" ADD COLUMN "announced_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What exists was announced when it changed: only later changes can be owed.
UPDATE "billing"."entitlements" SET "announced_version" = "version";--> statement-breakpoint
CREATE INDEX "entitlements_unannounced_idx" ON "billing"."entitlements" USING btree ("updated_at") WHERE "billing"."entitlements"."announced_version" < "billing"."entitlements"."version";