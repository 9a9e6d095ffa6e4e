CREATE TABLE "express_seller_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_seller_reviews_rating" CHECK ("express_seller_reviews"."rating" between 1 and 5),
	CONSTRAINT "express_seller_reviews_comment_length" CHECK (char_length("express_seller_reviews"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "dispute_decision" varchar(10);--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "dispute_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "dispute_decided_by" integer;--> statement-breakpoint
ALTER TABLE "express_seller_reviews" ADD CONSTRAINT "express_seller_reviews_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_seller_reviews" ADD CONSTRAINT "express_seller_reviews_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "express_seller_reviews_campaign_unique" ON "express_seller_reviews" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_dispute_decided_by_admins_id_fk" FOREIGN KEY ("dispute_decided_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "express_campaigns_dispute_idx" ON "express_campaigns" USING btree ("disputed_at") WHERE "express_campaigns"."disputed_at" is not null and "express_campaigns"."dispute_decision" is null;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_dispute_check" CHECK (("express_campaigns"."disputed_at" is null and "express_campaigns"."dispute_decision" is null) or ("express_campaigns"."campaign_type_id" = 3 and "express_campaigns"."disputed_at" is not null and char_length("express_campaigns"."dispute_reason") <= 500 and ("express_campaigns"."dispute_decision" is null or "express_campaigns"."dispute_decision" in ('upheld', 'rejected'))));