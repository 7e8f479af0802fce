CREATE TABLE "auth"."webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"trigger" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_code" integer,
	"excerpt" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_trigger" CHECK ("auth"."webhook_deliveries"."trigger" in ('event', 'test', 'redeliver')),
	CONSTRAINT "webhook_deliveries_status" CHECK ("auth"."webhook_deliveries"."status" in ('pending', 'retrying', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "auth"."webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "auth"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "auth"."webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_once" ON "auth"."webhook_deliveries" USING btree ("endpoint_id","event_id") WHERE "auth"."webhook_deliveries"."trigger" = 'event';--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "auth"."webhook_endpoints" USING btree ("user_id");