CREATE TABLE "artist_spotify_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"spotify_artist_id" varchar(22) NOT NULL,
	"name" varchar(200) NOT NULL,
	"image_url" varchar(500),
	"followers" integer,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_spotify_profiles_active_check" CHECK ("artist_spotify_profiles"."is_active" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "playlist_form_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"reference" varchar(500) NOT NULL,
	CONSTRAINT "playlist_form_references_position_check" CHECK ("playlist_form_references"."position" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "playlist_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"form_type" smallint DEFAULT 1 NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"assigned_to" integer,
	"created_by" integer,
	"created_by_admin" integer,
	"updated_by" integer,
	"updated_by_admin" integer,
	"phone_number" varchar(20) NOT NULL,
	"location_timezone" varchar(20) NOT NULL,
	"track_url" varchar(500) NOT NULL,
	"facebook_link" varchar(500),
	"instagram_link" varchar(500),
	"twitter_link" varchar(500),
	"tiktok_link" varchar(500),
	"type" varchar(10) NOT NULL,
	"release_date" date NOT NULL,
	"track_file" varchar(255) NOT NULL,
	"cover_image" varchar(255) NOT NULL,
	"genre_id" integer NOT NULL,
	"track_mood" varchar(100) NOT NULL,
	"track_bio" text NOT NULL,
	"promotion" text NOT NULL,
	"previous_achievements" text NOT NULL,
	"distributor" varchar(200) NOT NULL,
	"upc_code" varchar(14) NOT NULL,
	"isrc_code" varchar(12),
	"label" varchar(200),
	"apple_track_id" varchar(15) NOT NULL,
	"soundcloud_link" varchar(500),
	"extra_info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_forms_status_check" CHECK ("playlist_forms"."status_id" in (1, 2)),
	CONSTRAINT "playlist_forms_form_type_check" CHECK ("playlist_forms"."form_type" = 1),
	CONSTRAINT "playlist_forms_type_check" CHECK ("playlist_forms"."type" in ('Single', 'Album', 'EP')),
	CONSTRAINT "playlist_forms_location_check" CHECK ("playlist_forms"."location_timezone" in ('europe', 'us', 'india')),
	CONSTRAINT "playlist_forms_one_author" CHECK (num_nonnulls("playlist_forms"."created_by", "playlist_forms"."created_by_admin") = 1)
);
--> statement-breakpoint
ALTER TABLE "artist_spotify_profiles" ADD CONSTRAINT "artist_spotify_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_form_references" ADD CONSTRAINT "playlist_form_references_form_id_playlist_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."playlist_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_forms" ADD CONSTRAINT "playlist_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_forms" ADD CONSTRAINT "playlist_forms_assigned_to_admins_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_forms" ADD CONSTRAINT "playlist_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_forms" ADD CONSTRAINT "playlist_forms_created_by_admin_admins_id_fk" FOREIGN KEY ("created_by_admin") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_forms" ADD CONSTRAINT "playlist_forms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_forms" ADD CONSTRAINT "playlist_forms_updated_by_admin_admins_id_fk" FOREIGN KEY ("updated_by_admin") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_forms" ADD CONSTRAINT "playlist_forms_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artist_spotify_profiles_user_artist_unique" ON "artist_spotify_profiles" USING btree ("user_id","spotify_artist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "artist_spotify_profiles_one_owner" ON "artist_spotify_profiles" USING btree ("spotify_artist_id") WHERE "artist_spotify_profiles"."is_active" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_form_references_position_unique" ON "playlist_form_references" USING btree ("form_id","position");--> statement-breakpoint
CREATE INDEX "playlist_forms_user_idx" ON "playlist_forms" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "playlist_forms_status_idx" ON "playlist_forms" USING btree ("status_id");