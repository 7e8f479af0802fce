CREATE TABLE "linkedin"."pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization" text NOT NULL,
	"name" text NOT NULL,
	"identity" text NOT NULL,
	"member_identity" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "linkedin"."accounts" ADD COLUMN "pages_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "linkedin"."pages" ADD CONSTRAINT "pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "linkedin"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_account_organization_idx" ON "linkedin"."pages" USING btree ("account_id","organization");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_identity_idx" ON "linkedin"."pages" USING btree ("identity");