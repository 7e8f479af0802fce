CREATE TABLE "billing"."provider_subscriptions" (
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"user_id" uuid,
	"checkout_id" text,
	"outcome" text NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"refund_ids" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "provider_subscriptions_provider_subscription_id_pk" PRIMARY KEY("provider","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "billing"."test_subscriptions" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "provider_subscriptions_user_idx" ON "billing"."provider_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- Refusals recorded before this table, as marks among the provider's events: the code of the time
-- cancelled them at once and asked for no refund. They are kept as settled, without a reason.
INSERT INTO "billing"."provider_subscriptions" ("provider", "subscription_id", "user_id", "outcome", "decided_at", "cancelled_at", "settled_at")
SELECT "provider", substr("event_id", 9), "user_id", 'refused', "received_at", "received_at", "received_at"
FROM "billing"."provider_events" WHERE "event_id" LIKE 'refused:%'
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "billing"."provider_events" WHERE "event_id" LIKE 'refused:%';--> statement-breakpoint
-- The subscriptions users hold now were accepted by the rules of their time.
INSERT INTO "billing"."provider_subscriptions" ("provider", "subscription_id", "user_id", "outcome", "decided_at")
SELECT "provider", "subscription_id", "user_id", 'accepted', "updated_at"
FROM "billing"."entitlements" WHERE "provider" IS NOT NULL AND "subscription_id" IS NOT NULL
ON CONFLICT DO NOTHING;
