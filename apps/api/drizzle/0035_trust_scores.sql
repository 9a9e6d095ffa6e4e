CREATE TABLE "trust_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"playlist_id" integer,
	"account_id" integer,
	"score" smallint NOT NULL,
	"is_new" boolean NOT NULL,
	"campaigns" integer NOT NULL,
	"acceptance" smallint,
	"response" smallint,
	"delivery" smallint,
	"keep" smallint,
	"rating" smallint,
	"views" smallint,
	"median_response_minutes" integer,
	"ratings_count" integer DEFAULT 0 NOT NULL,
	"rating_average" real,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trust_scores_subject_check" CHECK (("trust_scores"."playlist_id" is null) <> ("trust_scores"."account_id" is null)),
	CONSTRAINT "trust_scores_score_range" CHECK ("trust_scores"."score" between 0 and 100),
	CONSTRAINT "trust_scores_campaigns_positive" CHECK ("trust_scores"."campaigns" >= 0 and "trust_scores"."ratings_count" >= 0),
	CONSTRAINT "trust_scores_acceptance_range" CHECK ("trust_scores"."acceptance" is null or "trust_scores"."acceptance" between 0 and 100),
	CONSTRAINT "trust_scores_response_range" CHECK ("trust_scores"."response" is null or "trust_scores"."response" between 0 and 100),
	CONSTRAINT "trust_scores_delivery_range" CHECK ("trust_scores"."delivery" is null or "trust_scores"."delivery" between 0 and 100),
	CONSTRAINT "trust_scores_keep_range" CHECK ("trust_scores"."keep" is null or "trust_scores"."keep" between 0 and 100),
	CONSTRAINT "trust_scores_rating_range" CHECK ("trust_scores"."rating" is null or "trust_scores"."rating" between 0 and 100),
	CONSTRAINT "trust_scores_views_range" CHECK ("trust_scores"."views" is null or "trust_scores"."views" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "trust_scores" ADD CONSTRAINT "trust_scores_playlist_id_express_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."express_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_scores" ADD CONSTRAINT "trust_scores_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trust_scores_playlist_unique" ON "trust_scores" USING btree ("playlist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trust_scores_account_unique" ON "trust_scores" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "express_campaigns_playlist_idx" ON "express_campaigns" USING btree ("playlist_id");