ALTER TABLE "ai"."credit_accounts" DROP CONSTRAINT "credit_accounts_plan_known";--> statement-breakpoint
ALTER TABLE "ai"."credit_accounts" ALTER COLUMN "plan" SET DEFAULT 'trial';--> statement-breakpoint
ALTER TABLE "ai"."credit_accounts" ADD COLUMN "allowance" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai"."credit_accounts" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ai"."credit_accounts" ADD COLUMN "status" text DEFAULT 'trialing' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai"."credit_accounts" ADD COLUMN "entitlement_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Accounts from before plans: Premium was what Pro is now (5,000 a month), the free start the trial.
UPDATE "ai"."credit_accounts" SET "plan" = CASE WHEN "plan" = 'premium' THEN 'pro' ELSE 'trial' END, "allowance" = CASE WHEN "plan" = 'premium' THEN 5000 ELSE 100 END, "status" = CASE WHEN "plan" = 'premium' THEN 'active' ELSE 'trialing' END;--> statement-breakpoint
ALTER TABLE "ai"."credit_accounts" ADD CONSTRAINT "credit_accounts_allowance_not_negative" CHECK (allowance >= 0);--> statement-breakpoint
ALTER TABLE "ai"."credit_accounts" ADD CONSTRAINT "credit_accounts_plan_known" CHECK (plan in ('trial', 'basic', 'starter', 'pro'));