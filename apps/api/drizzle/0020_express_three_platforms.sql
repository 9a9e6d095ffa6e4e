DROP INDEX "express_durations_unique";--> statement-breakpoint
DROP INDEX "express_tiers_name_unique";--> statement-breakpoint
ALTER TABLE "express_campaigns" ALTER COLUMN "playlist_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "campaign_type_id" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "is_released" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "media_link" text;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "tiktok_img" text;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "submitted_media_id" varchar(100);--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "submitted_media_url" text;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "target_views" integer;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "last_views" integer;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "last_views_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "express_durations" ADD COLUMN "campaign_type_id" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "express_tiers" ADD COLUMN "campaign_type_id" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "express_campaigns_one_open_per_sound_account" ON "express_campaigns" USING btree ("campaign_type_id","track_id","account_id") WHERE "express_campaigns"."status_id" in (1, 2, 3, 4, 5) and "express_campaigns"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "express_campaigns_account_idx" ON "express_campaigns" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "express_durations_unique" ON "express_durations" USING btree ("campaign_type_id","duration");--> statement-breakpoint
CREATE UNIQUE INDEX "express_tiers_name_unique" ON "express_tiers" USING btree ("campaign_type_id","tier_name");--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_type_check" CHECK ("express_campaigns"."campaign_type_id" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_target_check" CHECK (("express_campaigns"."campaign_type_id" = 1 and "express_campaigns"."playlist_id" is not null and "express_campaigns"."account_id" is null) or ("express_campaigns"."campaign_type_id" in (2, 3) and "express_campaigns"."account_id" is not null and "express_campaigns"."playlist_id" is null));--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_settled_check" CHECK (("express_campaigns"."paid_coins" is null and "express_campaigns"."refunded_coins" is null) or ("express_campaigns"."paid_coins" >= 0 and "express_campaigns"."refunded_coins" >= 0 and "express_campaigns"."paid_coins" + "express_campaigns"."refunded_coins" = "express_campaigns"."price"));--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_views_check" CHECK ("express_campaigns"."target_views" is null or "express_campaigns"."target_views" >= 0);--> statement-breakpoint
ALTER TABLE "express_durations" ADD CONSTRAINT "express_durations_type_check" CHECK ("express_durations"."campaign_type_id" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "express_tiers" ADD CONSTRAINT "express_tiers_type_check" CHECK ("express_tiers"."campaign_type_id" in (1, 2, 3));