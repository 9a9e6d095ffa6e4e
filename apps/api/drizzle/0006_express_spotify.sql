CREATE TABLE "express_campaign_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor_type" varchar(10) NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "express_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"artist_id" integer NOT NULL,
	"curator_id" integer NOT NULL,
	"playlist_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"track_id" varchar(40) NOT NULL,
	"track_url" text NOT NULL,
	"track_name" varchar(300) NOT NULL,
	"track_artist" varchar(300) NOT NULL,
	"cover_url" text,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"price" integer NOT NULL,
	"hold_id" bigint,
	"payment_method" varchar(10) DEFAULT 'coins' NOT NULL,
	"fee_percent" integer NOT NULL,
	"playlist_submission_days" integer NOT NULL,
	"on_going_days" integer NOT NULL,
	"auditing_days" integer NOT NULL,
	"submission_deadline" timestamp with time zone,
	"on_going_started_at" timestamp with time zone,
	"on_going_until" timestamp with time zone,
	"auditing_until" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"placement_found_at" timestamp with time zone,
	"placement_position" integer,
	"placement_last_seen_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"decline_reason_id" integer,
	"decline_reason" text,
	"paid_coins" integer,
	"refunded_coins" integer,
	"renewed_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "express_campaigns_status_check" CHECK ("express_campaigns"."status_id" between 1 and 8),
	CONSTRAINT "express_campaigns_price_positive" CHECK ("express_campaigns"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "express_durations" (
	"id" serial PRIMARY KEY NOT NULL,
	"duration" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "express_durations_positive" CHECK ("express_durations"."duration" > 0)
);
--> statement-breakpoint
CREATE TABLE "express_playlist_genres" (
	"playlist_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	CONSTRAINT "express_playlist_genres_playlist_id_genre_id_pk" PRIMARY KEY("playlist_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "express_playlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"curator_id" integer NOT NULL,
	"connection_id" integer,
	"spotify_playlist_id" varchar(40) NOT NULL,
	"spotify_url" text NOT NULL,
	"name" varchar(300) NOT NULL,
	"image_url" text,
	"followers" integer DEFAULT 0 NOT NULL,
	"tier_id" integer NOT NULL,
	"duration_id" integer NOT NULL,
	"status_id" smallint DEFAULT 2 NOT NULL,
	"renewable" boolean DEFAULT true NOT NULL,
	"by_admin_id" integer,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_playlists_status_check" CHECK ("express_playlists"."status_id" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "express_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason" varchar(200) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "express_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_reviews_rating" CHECK ("express_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "express_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tier_name" varchar(100) NOT NULL,
	"price" integer NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_tiers_price_positive" CHECK ("express_tiers"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "spotify_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"spotify_user_id" varchar(100) NOT NULL,
	"name" varchar(200) NOT NULL,
	"user_email" varchar(190),
	"is_active" smallint DEFAULT 1 NOT NULL,
	"refresh_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "express_campaign_events" ADD CONSTRAINT "express_campaign_events_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_curator_id_users_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_playlist_id_express_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."express_playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_tier_id_express_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."express_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_decline_reason_id_express_reasons_id_fk" FOREIGN KEY ("decline_reason_id") REFERENCES "public"."express_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_playlist_genres" ADD CONSTRAINT "express_playlist_genres_playlist_id_express_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."express_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_playlist_genres" ADD CONSTRAINT "express_playlist_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_playlists" ADD CONSTRAINT "express_playlists_curator_id_users_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_playlists" ADD CONSTRAINT "express_playlists_connection_id_spotify_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."spotify_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_playlists" ADD CONSTRAINT "express_playlists_tier_id_express_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."express_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_playlists" ADD CONSTRAINT "express_playlists_duration_id_express_durations_id_fk" FOREIGN KEY ("duration_id") REFERENCES "public"."express_durations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_playlists" ADD CONSTRAINT "express_playlists_by_admin_id_admins_id_fk" FOREIGN KEY ("by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_reviews" ADD CONSTRAINT "express_reviews_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_connections" ADD CONSTRAINT "spotify_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "express_campaign_events_campaign_idx" ON "express_campaign_events" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "express_campaigns_artist_idx" ON "express_campaigns" USING btree ("artist_id","id");--> statement-breakpoint
CREATE INDEX "express_campaigns_curator_idx" ON "express_campaigns" USING btree ("curator_id","status_id");--> statement-breakpoint
CREATE INDEX "express_campaigns_status_idx" ON "express_campaigns" USING btree ("status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "express_durations_unique" ON "express_durations" USING btree ("duration");--> statement-breakpoint
CREATE UNIQUE INDEX "express_playlists_spotify_unique" ON "express_playlists" USING btree ("spotify_playlist_id");--> statement-breakpoint
CREATE INDEX "express_playlists_curator_idx" ON "express_playlists" USING btree ("curator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "express_reviews_campaign_unique" ON "express_reviews" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "express_tiers_name_unique" ON "express_tiers" USING btree ("tier_name");--> statement-breakpoint
CREATE UNIQUE INDEX "spotify_connections_user_account_unique" ON "spotify_connections" USING btree ("user_id","spotify_user_id");