CREATE TABLE "campaign_checks" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"present" boolean NOT NULL,
	"position" integer,
	"playlist_followers" integer,
	"track_popularity" smallint,
	"views" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	CONSTRAINT "campaign_checks_campaign_id_day_pk" PRIMARY KEY("campaign_id","day"),
	CONSTRAINT "campaign_checks_counts_check" CHECK (coalesce("campaign_checks"."position", 0) >= 0 and coalesce("campaign_checks"."playlist_followers", 0) >= 0
        and coalesce("campaign_checks"."track_popularity", 0) between 0 and 100
        and coalesce("campaign_checks"."views", 0) >= 0 and coalesce("campaign_checks"."likes", 0) >= 0
        and coalesce("campaign_checks"."comments", 0) >= 0 and coalesce("campaign_checks"."shares", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "artist_daily_audience" (
	"artist_id" integer NOT NULL,
	"day" date NOT NULL,
	"listeners" integer NOT NULL,
	"streams" integer NOT NULL,
	"followers" integer,
	"saves" integer,
	"playlist_adds" integer,
	"upload_id" integer NOT NULL,
	CONSTRAINT "artist_daily_audience_artist_id_day_pk" PRIMARY KEY("artist_id","day"),
	CONSTRAINT "artist_daily_audience_counts_check" CHECK ("artist_daily_audience"."listeners" >= 0 and "artist_daily_audience"."streams" >= 0 and coalesce("artist_daily_audience"."followers", 0) >= 0
        and coalesce("artist_daily_audience"."saves", 0) >= 0 and coalesce("artist_daily_audience"."playlist_adds", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "result_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" integer NOT NULL,
	"campaign_id" integer,
	"label" varchar(120),
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_share_links_expiry_check" CHECK ("result_share_links"."expires_at" > "result_share_links"."created_at")
);
--> statement-breakpoint
CREATE TABLE "track_daily_streams" (
	"artist_id" integer NOT NULL,
	"track_id" varchar(40) NOT NULL,
	"day" date NOT NULL,
	"streams" integer NOT NULL,
	"upload_id" integer NOT NULL,
	CONSTRAINT "track_daily_streams_artist_id_track_id_day_pk" PRIMARY KEY("artist_id","track_id","day"),
	CONSTRAINT "track_daily_streams_streams_check" CHECK ("track_daily_streams"."streams" >= 0)
);
--> statement-breakpoint
CREATE TABLE "track_stat_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"artist_id" integer NOT NULL,
	"track_id" varchar(40),
	"format" varchar(40) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_sha256" char(64) NOT NULL,
	"days" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_stat_uploads_days_check" CHECK ("track_stat_uploads"."days" > 0 and "track_stat_uploads"."first_day" <= "track_stat_uploads"."last_day"),
	CONSTRAINT "track_stat_uploads_format_check" CHECK (("track_stat_uploads"."format" = 'song_timeline' and "track_stat_uploads"."track_id" is not null) or ("track_stat_uploads"."format" = 'audience_timeline' and "track_stat_uploads"."track_id" is null))
);
--> statement-breakpoint
ALTER TABLE "campaign_checks" ADD CONSTRAINT "campaign_checks_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_daily_audience" ADD CONSTRAINT "artist_daily_audience_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_daily_audience" ADD CONSTRAINT "artist_daily_audience_upload_id_track_stat_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."track_stat_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_share_links" ADD CONSTRAINT "result_share_links_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_share_links" ADD CONSTRAINT "result_share_links_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_daily_streams" ADD CONSTRAINT "track_daily_streams_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_daily_streams" ADD CONSTRAINT "track_daily_streams_upload_id_track_stat_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."track_stat_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_stat_uploads" ADD CONSTRAINT "track_stat_uploads_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_daily_audience_upload_idx" ON "artist_daily_audience" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "result_share_links_artist_idx" ON "result_share_links" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "track_daily_streams_upload_idx" ON "track_daily_streams" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "track_stat_uploads_file_unique" ON "track_stat_uploads" USING btree ("artist_id","file_sha256");--> statement-breakpoint
CREATE INDEX "track_stat_uploads_artist_idx" ON "track_stat_uploads" USING btree ("artist_id","created_at");