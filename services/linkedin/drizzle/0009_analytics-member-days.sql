CREATE TABLE "linkedin"."analytics_member_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" integer NOT NULL,
	"engagement" integer NOT NULL,
	"saves" integer NOT NULL,
	"sends" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_member_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
