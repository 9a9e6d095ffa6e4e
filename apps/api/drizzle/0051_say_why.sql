CREATE TABLE "express_feedback_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"helpful" boolean NOT NULL,
	"stars" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "express_feedback_ratings_stars" CHECK ("express_feedback_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "decline_feedback" text;--> statement-breakpoint
ALTER TABLE "express_reasons" ADD COLUMN "campaign_type_ids" smallint[] DEFAULT '{1}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "express_feedback_ratings" ADD CONSTRAINT "express_feedback_ratings_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_feedback_ratings" ADD CONSTRAINT "express_feedback_ratings_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_feedback_ratings" ADD CONSTRAINT "express_feedback_ratings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "express_feedback_ratings_campaign_unique" ON "express_feedback_ratings" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "express_feedback_ratings_seller_idx" ON "express_feedback_ratings" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_feedback_length" CHECK (char_length("express_campaigns"."decline_feedback") <= 2000);--> statement-breakpoint
ALTER TABLE "express_reasons" ADD CONSTRAINT "express_reasons_types_check" CHECK (cardinality("express_reasons"."campaign_type_ids") >= 1 and "express_reasons"."campaign_type_ids" <@ '{1,2,3}'::smallint[]);