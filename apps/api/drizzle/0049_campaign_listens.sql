CREATE TABLE "campaign_listens" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer,
	"custom_campaign_id" integer,
	"listener_id" integer NOT NULL,
	"listened_ms" integer DEFAULT 0 NOT NULL,
	"playing_since" timestamp with time zone,
	"last_position_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_listens_one_campaign" CHECK (("campaign_listens"."campaign_id" is null) <> ("campaign_listens"."custom_campaign_id" is null)),
	CONSTRAINT "campaign_listens_listened_nonnegative" CHECK ("campaign_listens"."listened_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_listens" ADD CONSTRAINT "campaign_listens_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_listens" ADD CONSTRAINT "campaign_listens_listener_id_users_id_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_listens_express_unique" ON "campaign_listens" USING btree ("campaign_id","listener_id") WHERE "campaign_listens"."campaign_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_listens_custom_unique" ON "campaign_listens" USING btree ("custom_campaign_id","listener_id") WHERE "campaign_listens"."custom_campaign_id" is not null;