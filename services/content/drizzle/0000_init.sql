CREATE SCHEMA "content";
--> statement-breakpoint
CREATE TABLE "content"."blocks" (
	"name" text NOT NULL,
	"lang" text NOT NULL,
	"data" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "blocks_name_lang_pk" PRIMARY KEY("name","lang")
);
