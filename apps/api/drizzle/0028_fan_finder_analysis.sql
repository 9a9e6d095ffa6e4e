CREATE TABLE "fan_finder_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"spotify_id" varchar(64),
	"spotify_name" varchar(200),
	"spotify_image" varchar(500),
	"spotify_url" varchar(500),
	"instagram_username" varchar(30),
	"social_account_id" integer,
	"followers" integer,
	"media_count" integer,
	"sync_status" varchar(16) DEFAULT 'pending' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_finder_connections_kind_check" CHECK ("fan_finder_connections"."kind" in ('spotify', 'instagram', 'related')),
	CONSTRAINT "fan_finder_connections_slot_check" CHECK (("fan_finder_connections"."kind" = 'related' and "fan_finder_connections"."slot" between 1 and 2) or ("fan_finder_connections"."kind" <> 'related' and "fan_finder_connections"."slot" = 0)),
	CONSTRAINT "fan_finder_connections_fields_check" CHECK (("fan_finder_connections"."kind" = 'instagram' and "fan_finder_connections"."social_account_id" is not null and "fan_finder_connections"."instagram_username" is not null)
        or ("fan_finder_connections"."kind" = 'spotify' and "fan_finder_connections"."spotify_id" is not null and "fan_finder_connections"."spotify_name" is not null)
        or ("fan_finder_connections"."kind" = 'related' and "fan_finder_connections"."spotify_id" is not null and "fan_finder_connections"."spotify_name" is not null and "fan_finder_connections"."instagram_username" is not null)),
	CONSTRAINT "fan_finder_connections_sync_check" CHECK ("fan_finder_connections"."sync_status" in ('pending', 'done', 'failed', 'unavailable'))
);
--> statement-breakpoint
CREATE TABLE "fan_finder_fans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"scope" varchar(8) NOT NULL,
	"instagram_username" varchar(64) NOT NULL,
	"profile_picture_url" varchar(1000),
	"rating_percentage" smallint NOT NULL,
	"components" jsonb NOT NULL,
	"posts_commented" integer NOT NULL,
	"artists_commented" integer NOT NULL,
	"comments_count" integer NOT NULL,
	"last_comment_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fan_finder_fans_scope_check" CHECK ("fan_finder_fans"."scope" in ('own', 'related')),
	CONSTRAINT "fan_finder_fans_rating_check" CHECK ("fan_finder_fans"."rating_percentage" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "fan_finder_connections" ADD CONSTRAINT "fan_finder_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_finder_connections" ADD CONSTRAINT "fan_finder_connections_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_finder_fans" ADD CONSTRAINT "fan_finder_fans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fan_finder_connections_one_spotify" ON "fan_finder_connections" USING btree ("user_id") WHERE "fan_finder_connections"."kind" = 'spotify';--> statement-breakpoint
CREATE UNIQUE INDEX "fan_finder_connections_one_instagram" ON "fan_finder_connections" USING btree ("user_id") WHERE "fan_finder_connections"."kind" = 'instagram';--> statement-breakpoint
CREATE UNIQUE INDEX "fan_finder_connections_related_slot" ON "fan_finder_connections" USING btree ("user_id","slot") WHERE "fan_finder_connections"."kind" = 'related';--> statement-breakpoint
CREATE UNIQUE INDEX "fan_finder_connections_related_same" ON "fan_finder_connections" USING btree ("user_id","spotify_id") WHERE "fan_finder_connections"."kind" = 'related';--> statement-breakpoint
CREATE INDEX "fan_finder_connections_user_idx" ON "fan_finder_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_finder_fans_unique" ON "fan_finder_fans" USING btree ("user_id","scope","instagram_username");--> statement-breakpoint
CREATE INDEX "fan_finder_fans_grid_idx" ON "fan_finder_fans" USING btree ("user_id","scope","rating_percentage");