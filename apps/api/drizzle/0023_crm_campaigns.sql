CREATE TABLE "crm_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"list_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_campaigns_status_known" CHECK ("crm_campaigns"."status" in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "crm_send_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"send_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"url" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_send_events_kind_known" CHECK ("crm_send_events"."kind" in ('sent', 'delivered', 'open', 'click', 'bounce', 'complaint', 'unsubscribe'))
);
--> statement-breakpoint
CREATE TABLE "crm_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"email" varchar(320) NOT NULL,
	"lead_id" bigint,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"complained_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "crm_sends_status_known" CHECK ("crm_sends"."status" in ('pending', 'sending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "crm_senders" ADD COLUMN "pace_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_list_id_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lead_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_template_id_crm_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."crm_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_sender_id_crm_senders_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."crm_senders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_send_events" ADD CONSTRAINT "crm_send_events_send_id_crm_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."crm_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sends" ADD CONSTRAINT "crm_sends_campaign_id_crm_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."crm_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_campaigns_status_idx" ON "crm_campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "crm_send_events_send_idx" ON "crm_send_events" USING btree ("send_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_send_events_outcome_unique" ON "crm_send_events" USING btree ("send_id","kind") WHERE "crm_send_events"."kind" in ('delivered', 'bounce', 'complaint', 'unsubscribe');--> statement-breakpoint
CREATE UNIQUE INDEX "crm_sends_campaign_email_unique" ON "crm_sends" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "crm_sends_pending_idx" ON "crm_sends" USING btree ("campaign_id","id") WHERE "crm_sends"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "crm_sends_lead_idx" ON "crm_sends" USING btree ("lead_id");