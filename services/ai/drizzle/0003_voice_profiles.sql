CREATE TABLE "ai"."voice_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"measured" jsonb,
	"measures" jsonb,
	"corrections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"measured_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
