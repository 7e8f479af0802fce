CREATE TABLE "engage"."autopilot_people" (
	"user_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "autopilot_people_user_id_person_id_pk" PRIMARY KEY("user_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "engage"."autopilot_sends" (
	"user_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"key" uuid NOT NULL,
	"day" date NOT NULL,
	"outcome" text DEFAULT 'claimed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopilot_sends_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "engage"."autopilot_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"daily_cap" integer DEFAULT 10 NOT NULL,
	"hours_start" text DEFAULT '09:00' NOT NULL,
	"hours_end" text DEFAULT '18:00' NOT NULL,
	"days" jsonb DEFAULT '[0,1,2,3,4,5,6]'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"suggestion" text DEFAULT 'question' NOT NULL,
	"next_at" timestamp with time zone,
	"stopped_code" text,
	"stopped_params" jsonb,
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engage"."comments" ADD COLUMN "origin" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "engage"."autopilot_people" ADD CONSTRAINT "autopilot_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "engage"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autopilot_sends_user_day_idx" ON "engage"."autopilot_sends" USING btree ("user_id","day");