CREATE TABLE "posts"."connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"access_expires_at" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL
);
