CREATE TABLE "trust_account_snapshots" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"followers" integer NOT NULL,
	"videos" integer NOT NULL,
	"median_views" integer NOT NULL,
	"median_likes" integer,
	"median_comments" integer,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_account_snapshots_account_id_day_pk" PRIMARY KEY("account_id","day"),
	CONSTRAINT "trust_account_snapshots_counts_check" CHECK ("trust_account_snapshots"."followers" >= 0 and "trust_account_snapshots"."videos" >= 0 and "trust_account_snapshots"."median_views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trust_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"playlist_id" integer,
	"account_id" integer,
	"signal" varchar(40) NOT NULL,
	"detected_on" date NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"staff_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_flags_subject_check" CHECK (("trust_flags"."playlist_id" is not null and "trust_flags"."account_id" is null) or ("trust_flags"."playlist_id" is null and "trust_flags"."account_id" is not null)),
	CONSTRAINT "trust_flags_signal_check" CHECK ("trust_flags"."signal" in ('follower_jump', 'growth_without_effect', 'lockstep_growth', 'bought_views', 'bought_followers')),
	CONSTRAINT "trust_flags_status_check" CHECK ("trust_flags"."status" in ('pending', 'confirmed', 'dismissed')),
	CONSTRAINT "trust_flags_review_check" CHECK (("trust_flags"."status" = 'pending') = ("trust_flags"."reviewed_at" is null) and char_length("trust_flags"."staff_note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "trust_follower_snapshots" (
	"playlist_id" integer NOT NULL,
	"day" date NOT NULL,
	"followers" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_follower_snapshots_playlist_id_day_pk" PRIMARY KEY("playlist_id","day"),
	CONSTRAINT "trust_follower_snapshots_followers_check" CHECK ("trust_follower_snapshots"."followers" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trust_account_snapshots" ADD CONSTRAINT "trust_account_snapshots_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_flags" ADD CONSTRAINT "trust_flags_playlist_id_express_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."express_playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_flags" ADD CONSTRAINT "trust_flags_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_flags" ADD CONSTRAINT "trust_flags_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_follower_snapshots" ADD CONSTRAINT "trust_follower_snapshots_playlist_id_express_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."express_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trust_flags_one_pending" ON "trust_flags" USING btree (coalesce("playlist_id", 0),coalesce("account_id", 0),"signal") WHERE "trust_flags"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "trust_flags_signal_day_unique" ON "trust_flags" USING btree (coalesce("playlist_id", 0),coalesce("account_id", 0),"signal","detected_on");--> statement-breakpoint
CREATE INDEX "trust_flags_queue_idx" ON "trust_flags" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "trust_flags_playlist_idx" ON "trust_flags" USING btree ("playlist_id") WHERE "trust_flags"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "trust_flags_account_idx" ON "trust_flags" USING btree ("account_id") WHERE "trust_flags"."status" = 'confirmed';