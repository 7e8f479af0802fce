CREATE TABLE "engage"."writers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"language" text,
	"register" text,
	"tone" text,
	"personalization_version" integer DEFAULT -1 NOT NULL,
	"personalization_at" timestamp with time zone DEFAULT to_timestamp(0) NOT NULL,
	"voice" jsonb,
	"voice_at" timestamp with time zone DEFAULT to_timestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engage"."settings" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "engage"."settings" ALTER COLUMN "language" DROP NOT NULL;