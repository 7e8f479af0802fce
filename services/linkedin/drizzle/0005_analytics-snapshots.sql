CREATE TABLE "linkedin"."analytics_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_snapshot_at" timestamp with time zone,
	"last_snapshot_at" timestamp with time zone,
	"imported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkedin"."analytics_post_snapshots" (
	"user_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"reactions" integer NOT NULL,
	"comments" integer NOT NULL,
	"reposts" integer NOT NULL,
	"impressions" integer NOT NULL,
	"engagement_gained" integer NOT NULL,
	"impressions_gained" integer NOT NULL,
	"gained_at" timestamp with time zone NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	CONSTRAINT "analytics_post_snapshots_user_id_post_id_taken_at_pk" PRIMARY KEY("user_id","post_id","taken_at")
);
--> statement-breakpoint
CREATE TABLE "linkedin"."analytics_posts" (
	"user_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"text" text NOT NULL,
	"share_url" text,
	"published_at" timestamp with time zone NOT NULL,
	"reactions" integer NOT NULL,
	"comments" integer NOT NULL,
	"reposts" integer NOT NULL,
	"impressions" integer NOT NULL,
	"last_snapshot_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_posts_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "linkedin"."analytics_profile_snapshots" (
	"user_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"followers" integer,
	"connections" integer,
	"profile_views" integer,
	"folded" boolean DEFAULT false NOT NULL,
	CONSTRAINT "analytics_profile_snapshots_user_id_taken_at_pk" PRIMARY KEY("user_id","taken_at")
);
--> statement-breakpoint
ALTER TABLE "linkedin"."sandbox_posts" ADD COLUMN "counted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_post_snapshots_gains_idx" ON "linkedin"."analytics_post_snapshots" USING btree ("user_id","gained_at","engagement_gained","impressions_gained");--> statement-breakpoint
CREATE INDEX "analytics_post_snapshots_fine_idx" ON "linkedin"."analytics_post_snapshots" USING btree ("taken_at") WHERE not "linkedin"."analytics_post_snapshots"."folded";--> statement-breakpoint
CREATE INDEX "analytics_posts_user_published_idx" ON "linkedin"."analytics_posts" USING btree ("user_id","published_at");--> statement-breakpoint
CREATE INDEX "analytics_profile_snapshots_fine_idx" ON "linkedin"."analytics_profile_snapshots" USING btree ("taken_at") WHERE not "linkedin"."analytics_profile_snapshots"."folded";