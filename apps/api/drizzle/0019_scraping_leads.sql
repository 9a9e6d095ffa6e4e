CREATE TABLE "lead_list_members" (
	"list_id" integer NOT NULL,
	"lead_id" bigint NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_list_members_list_id_lead_id_pk" PRIMARY KEY("list_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "lead_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_suppressions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"value_hash" char(64) NOT NULL,
	"erased_by" integer,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"spotify_id" varchar(100) NOT NULL,
	"name" varchar(300) NOT NULL,
	"followers" integer,
	"popularity" smallint,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"spotify_url" text NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email" varchar(320),
	"provenance" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_job_id" bigint,
	"profile_fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_kind_known" CHECK ("leads"."kind" in ('artist', 'curator'))
);
--> statement-breakpoint
CREATE TABLE "auto_scraping_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" varchar(100) NOT NULL,
	"cron" varchar(100) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"max_playlists" smallint DEFAULT 10 NOT NULL,
	"created_by" integer,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_scraping_jobs_max_playlists" CHECK ("auto_scraping_jobs"."max_playlists" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "auto_scraping_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"auto_scraping_job_id" integer NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"slot" timestamp with time zone,
	"status_id" smallint DEFAULT 2 NOT NULL,
	"playlists_found" integer DEFAULT 0 NOT NULL,
	"playlists_new" integer DEFAULT 0 NOT NULL,
	"jobs_created" integer DEFAULT 0 NOT NULL,
	"artists_new" integer DEFAULT 0 NOT NULL,
	"curators_new" integer DEFAULT 0 NOT NULL,
	"error_key" varchar(100),
	"created_by" integer,
	"searched_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scraping_domain_pace" (
	"domain" varchar(255) PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scraping_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint,
	"auto_scraping_job_id" integer,
	"run_id" bigint,
	"level" varchar(10) NOT NULL,
	"event_key" varchar(100) NOT NULL,
	"params" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scraping_job_items" (
	"job_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"position" integer NOT NULL,
	"track_id" varchar(64),
	"artist_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "scraping_job_items_job_id_kind_position_pk" PRIMARY KEY("job_id","kind","position")
);
--> statement-breakpoint
CREATE TABLE "scraping_job_leads" (
	"job_id" bigint NOT NULL,
	"lead_id" bigint NOT NULL,
	"is_new" boolean NOT NULL,
	"tracks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scraping_job_leads_job_id_lead_id_pk" PRIMARY KEY("job_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "scraping_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"playlist_id" varchar(64) NOT NULL,
	"playlist_url" text NOT NULL,
	"playlist_name" varchar(300),
	"playlist_image_url" text,
	"playlist_followers" integer,
	"curator_lead_id" bigint,
	"source" varchar(10) NOT NULL,
	"auto_scraping_job_id" integer,
	"auto_run_id" bigint,
	"keyword_id" bigint,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"items_total" integer,
	"items_done" integer DEFAULT 0 NOT NULL,
	"artists_found" integer DEFAULT 0 NOT NULL,
	"artists_new" integer DEFAULT 0 NOT NULL,
	"curators_new" integer DEFAULT 0 NOT NULL,
	"error_key" varchar(100),
	"error_params" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "scraping_jobs_status_known" CHECK ("scraping_jobs"."status_id" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "scraping_keywords" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"auto_scraping_job_id" integer NOT NULL,
	"playlist_id" varchar(64) NOT NULL,
	"url" text NOT NULL,
	"name" varchar(300),
	"processed" boolean DEFAULT false NOT NULL,
	"processed_at" timestamp with time zone,
	"found_run_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scraping_site_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" bigint NOT NULL,
	"url" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"email_found" boolean DEFAULT false NOT NULL,
	"pages_read" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"leased_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scraping_spotify_budget" (
	"window_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scraping_spotify_pause" (
	"id" smallint PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "scraping_spotify_pause_single" CHECK ("scraping_spotify_pause"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "lead_list_members" ADD CONSTRAINT "lead_list_members_list_id_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lead_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_list_members" ADD CONSTRAINT "lead_list_members_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_list_members" ADD CONSTRAINT "lead_list_members_added_by_admins_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_lists" ADD CONSTRAINT "lead_lists_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_suppressions" ADD CONSTRAINT "lead_suppressions_erased_by_admins_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_scraping_jobs" ADD CONSTRAINT "auto_scraping_jobs_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_scraping_runs" ADD CONSTRAINT "auto_scraping_runs_auto_scraping_job_id_auto_scraping_jobs_id_fk" FOREIGN KEY ("auto_scraping_job_id") REFERENCES "public"."auto_scraping_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_scraping_runs" ADD CONSTRAINT "auto_scraping_runs_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_events" ADD CONSTRAINT "scraping_events_job_id_scraping_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."scraping_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_events" ADD CONSTRAINT "scraping_events_auto_scraping_job_id_auto_scraping_jobs_id_fk" FOREIGN KEY ("auto_scraping_job_id") REFERENCES "public"."auto_scraping_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_events" ADD CONSTRAINT "scraping_events_run_id_auto_scraping_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."auto_scraping_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_job_items" ADD CONSTRAINT "scraping_job_items_job_id_scraping_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."scraping_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_job_leads" ADD CONSTRAINT "scraping_job_leads_job_id_scraping_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."scraping_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_job_leads" ADD CONSTRAINT "scraping_job_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_jobs" ADD CONSTRAINT "scraping_jobs_curator_lead_id_leads_id_fk" FOREIGN KEY ("curator_lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_jobs" ADD CONSTRAINT "scraping_jobs_auto_scraping_job_id_auto_scraping_jobs_id_fk" FOREIGN KEY ("auto_scraping_job_id") REFERENCES "public"."auto_scraping_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_jobs" ADD CONSTRAINT "scraping_jobs_auto_run_id_auto_scraping_runs_id_fk" FOREIGN KEY ("auto_run_id") REFERENCES "public"."auto_scraping_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_jobs" ADD CONSTRAINT "scraping_jobs_keyword_id_scraping_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."scraping_keywords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_jobs" ADD CONSTRAINT "scraping_jobs_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_keywords" ADD CONSTRAINT "scraping_keywords_auto_scraping_job_id_auto_scraping_jobs_id_fk" FOREIGN KEY ("auto_scraping_job_id") REFERENCES "public"."auto_scraping_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_keywords" ADD CONSTRAINT "scraping_keywords_found_run_id_auto_scraping_runs_id_fk" FOREIGN KEY ("found_run_id") REFERENCES "public"."auto_scraping_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraping_site_visits" ADD CONSTRAINT "scraping_site_visits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_list_members_lead_idx" ON "lead_list_members" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_lists_name_unique" ON "lead_lists" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lead_suppressions_hash_unique" ON "lead_suppressions" USING btree ("value_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_kind_spotify_unique" ON "leads" USING btree ("kind","spotify_id");--> statement-breakpoint
CREATE INDEX "leads_genres_idx" ON "leads" USING gin ("genres");--> statement-breakpoint
CREATE INDEX "leads_followers_idx" ON "leads" USING btree ("followers");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_scraping_jobs_keyword_unique" ON "auto_scraping_jobs" USING btree (lower("keyword"));--> statement-breakpoint
CREATE UNIQUE INDEX "auto_scraping_runs_slot_unique" ON "auto_scraping_runs" USING btree ("auto_scraping_job_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_scraping_runs_one_running" ON "auto_scraping_runs" USING btree ("auto_scraping_job_id") WHERE "auto_scraping_runs"."status_id" = 2;--> statement-breakpoint
CREATE INDEX "auto_scraping_runs_job_idx" ON "auto_scraping_runs" USING btree ("auto_scraping_job_id","id");--> statement-breakpoint
CREATE INDEX "scraping_events_job_idx" ON "scraping_events" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "scraping_events_auto_idx" ON "scraping_events" USING btree ("auto_scraping_job_id","id");--> statement-breakpoint
CREATE INDEX "scraping_events_created_idx" ON "scraping_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "scraping_job_items_todo_idx" ON "scraping_job_items" USING btree ("job_id","kind","position") WHERE not "scraping_job_items"."done";--> statement-breakpoint
CREATE INDEX "scraping_job_leads_lead_idx" ON "scraping_job_leads" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "scraping_jobs_created_idx" ON "scraping_jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "scraping_jobs_status_idx" ON "scraping_jobs" USING btree ("status_id","id");--> statement-breakpoint
CREATE INDEX "scraping_jobs_run_idx" ON "scraping_jobs" USING btree ("auto_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scraping_jobs_playlist_open" ON "scraping_jobs" USING btree ("playlist_id") WHERE "scraping_jobs"."status_id" in (1, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "scraping_keywords_playlist_unique" ON "scraping_keywords" USING btree ("auto_scraping_job_id","playlist_id");--> statement-breakpoint
CREATE INDEX "scraping_keywords_unprocessed_idx" ON "scraping_keywords" USING btree ("auto_scraping_job_id","id") WHERE not "scraping_keywords"."processed";--> statement-breakpoint
CREATE UNIQUE INDEX "scraping_site_visits_lead_url_unique" ON "scraping_site_visits" USING btree ("lead_id","url");--> statement-breakpoint
CREATE INDEX "scraping_site_visits_pending_idx" ON "scraping_site_visits" USING btree ("id") WHERE "scraping_site_visits"."status" = 'pending';