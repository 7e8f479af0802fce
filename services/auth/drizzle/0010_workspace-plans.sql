CREATE TABLE "auth"."workspace_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"active" boolean NOT NULL,
	"workspaces" integer NOT NULL,
	"seats" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."workspace_plans" ADD CONSTRAINT "workspace_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;