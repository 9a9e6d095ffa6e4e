CREATE TABLE "curators_vs_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"curator_id" integer NOT NULL,
	"playlist_id" integer,
	"slot_id" integer,
	"express_campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_campaign_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"slot_no" smallint NOT NULL,
	"hold_id" bigint NOT NULL,
	"coins" integer NOT NULL,
	"express_campaign_id" integer,
	"voided_at" timestamp with time zone,
	CONSTRAINT "custom_campaign_slots_claim_or_void" CHECK ("custom_campaign_slots"."express_campaign_id" is null or "custom_campaign_slots"."voided_at" is null),
	CONSTRAINT "custom_campaign_slots_coins_positive" CHECK ("custom_campaign_slots"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "custom_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"artist_id" integer NOT NULL,
	"created_by_admin_id" integer,
	"campaign_type_id" smallint DEFAULT 1 NOT NULL,
	"name" varchar(300) NOT NULL,
	"link" text NOT NULL,
	"track_id" varchar(40) NOT NULL,
	"language_id" integer NOT NULL,
	"is_released" boolean NOT NULL,
	"media_link" text,
	"released_date" date NOT NULL,
	"genre_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_date" date NOT NULL,
	"tier_id" integer NOT NULL,
	"placements" integer DEFAULT 3 NOT NULL,
	"price" integer NOT NULL,
	"pitch" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"decline_reason" text,
	"playlist_submission_days" integer DEFAULT 3 NOT NULL,
	"on_going_days" integer DEFAULT 28 NOT NULL,
	"auditing_days" integer DEFAULT 3 NOT NULL,
	"admin_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"invoice_number" varchar(30),
	"invoice_raised_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_transfer_id" bigint,
	"publish_date" timestamp with time zone,
	"opt_in_until" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_campaigns_status_check" CHECK ("custom_campaigns"."status" between 1 and 7),
	CONSTRAINT "custom_campaigns_type_check" CHECK ("custom_campaigns"."campaign_type_id" = 1),
	CONSTRAINT "custom_campaigns_price_positive" CHECK ("custom_campaigns"."price" > 0),
	CONSTRAINT "custom_campaigns_placements_range" CHECK ("custom_campaigns"."placements" between 1 and 20),
	CONSTRAINT "custom_campaigns_pitch_length" CHECK (char_length("custom_campaigns"."pitch") between 1 and 140),
	CONSTRAINT "custom_campaigns_days_positive" CHECK ("custom_campaigns"."playlist_submission_days" between 1 and 365 and "custom_campaigns"."on_going_days" between 1 and 365 and "custom_campaigns"."auditing_days" between 0 and 365),
	CONSTRAINT "custom_campaigns_paid_before_publishing" CHECK ("custom_campaigns"."status" not in (6, 7) or "custom_campaigns"."paid_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "curators_vs_campaigns" ADD CONSTRAINT "curators_vs_campaigns_campaign_id_custom_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."custom_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curators_vs_campaigns" ADD CONSTRAINT "curators_vs_campaigns_curator_id_users_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curators_vs_campaigns" ADD CONSTRAINT "curators_vs_campaigns_playlist_id_express_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."express_playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curators_vs_campaigns" ADD CONSTRAINT "curators_vs_campaigns_slot_id_custom_campaign_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."custom_campaign_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curators_vs_campaigns" ADD CONSTRAINT "curators_vs_campaigns_express_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("express_campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_campaign_slots" ADD CONSTRAINT "custom_campaign_slots_campaign_id_custom_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."custom_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_campaign_slots" ADD CONSTRAINT "custom_campaign_slots_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_campaign_slots" ADD CONSTRAINT "custom_campaign_slots_express_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("express_campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_campaigns" ADD CONSTRAINT "custom_campaigns_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_campaigns" ADD CONSTRAINT "custom_campaigns_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_campaigns" ADD CONSTRAINT "custom_campaigns_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_campaigns" ADD CONSTRAINT "custom_campaigns_tier_id_express_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."express_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "curators_vs_campaigns_curator_unique" ON "curators_vs_campaigns" USING btree ("campaign_id","curator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "curators_vs_campaigns_playlist_unique" ON "curators_vs_campaigns" USING btree ("campaign_id","playlist_id") WHERE "curators_vs_campaigns"."playlist_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "curators_vs_campaigns_slot_unique" ON "curators_vs_campaigns" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "curators_vs_campaigns_curator_idx" ON "curators_vs_campaigns" USING btree ("curator_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_campaign_slots_no_unique" ON "custom_campaign_slots" USING btree ("campaign_id","slot_no");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_campaign_slots_hold_unique" ON "custom_campaign_slots" USING btree ("hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_campaign_slots_express_unique" ON "custom_campaign_slots" USING btree ("express_campaign_id");--> statement-breakpoint
CREATE INDEX "custom_campaigns_artist_idx" ON "custom_campaigns" USING btree ("artist_id","id");--> statement-breakpoint
CREATE INDEX "custom_campaigns_status_idx" ON "custom_campaigns" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_campaigns_invoice_unique" ON "custom_campaigns" USING btree ("invoice_number");