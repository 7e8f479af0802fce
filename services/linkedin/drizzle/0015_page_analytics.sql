CREATE TABLE "linkedin"."analytics_page_days" (
	"user_id" uuid NOT NULL,
	"organization" text NOT NULL,
	"day" date NOT NULL,
	"impressions" integer NOT NULL,
	"clicks" integer NOT NULL,
	"reactions" integer NOT NULL,
	"comments" integer NOT NULL,
	"shares" integer NOT NULL,
	"followers_gained" integer NOT NULL,
	"followers" integer,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_page_days_user_id_organization_day_pk" PRIMARY KEY("user_id","organization","day")
);
--> statement-breakpoint
ALTER TABLE "linkedin"."pages" ADD COLUMN "figures_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "linkedin"."pages" ADD COLUMN "figures_refused_at" timestamp with time zone;