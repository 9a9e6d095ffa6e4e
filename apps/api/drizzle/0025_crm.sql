CREATE TABLE "crm_addresses" (
	"email" varchar(320) PRIMARY KEY NOT NULL,
	"consent" varchar(12) DEFAULT 'unconfirmed' NOT NULL,
	"consent_source" text NOT NULL,
	"consent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" varchar(100),
	"language" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_addresses_consent_known" CHECK ("crm_addresses"."consent" in ('unconfirmed', 'confirmed', 'unsubscribed')),
	CONSTRAINT "crm_addresses_lower_case" CHECK ("crm_addresses"."email" = lower("crm_addresses"."email"))
);
--> statement-breakpoint
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
CREATE TABLE "crm_sender_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" varchar(253) NOT NULL,
	"dkim_selector" varchar(63) NOT NULL,
	"dkim_public_key" text NOT NULL,
	"dkim_private_key" text NOT NULL,
	"spf" jsonb,
	"dkim" jsonb,
	"dmarc" jsonb,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_sender_domains_lower_case" CHECK ("crm_sender_domains"."domain" = lower("crm_sender_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "crm_senders" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(320) NOT NULL,
	"name" varchar(100) NOT NULL,
	"rate_per_minute" integer DEFAULT 600 NOT NULL,
	"code_hash" char(64),
	"code_expires_at" timestamp with time zone,
	"code_attempts" smallint DEFAULT 0 NOT NULL,
	"pace_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_senders_lower_case" CHECK ("crm_senders"."email" = lower("crm_senders"."email")),
	CONSTRAINT "crm_senders_rate_positive" CHECK ("crm_senders"."rate_per_minute" between 1 and 100000)
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
CREATE TABLE "crm_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"design" jsonb,
	"mjml" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_dns_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(253) NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "spotify_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "spotify_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_lists" ADD COLUMN "type" varchar(10) DEFAULT 'static' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_lists" ADD COLUMN "filter" jsonb;--> statement-breakpoint
ALTER TABLE "lead_suppressions" ADD COLUMN "reason" varchar(12) DEFAULT 'erasure' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "origin" varchar(10) DEFAULT 'scraping' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_list_id_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lead_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_template_id_crm_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."crm_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_sender_id_crm_senders_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."crm_senders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_send_events" ADD CONSTRAINT "crm_send_events_send_id_crm_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."crm_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sender_domains" ADD CONSTRAINT "crm_sender_domains_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_senders" ADD CONSTRAINT "crm_senders_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sends" ADD CONSTRAINT "crm_sends_campaign_id_crm_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."crm_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_templates" ADD CONSTRAINT "crm_templates_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_templates" ADD CONSTRAINT "crm_templates_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_addresses_consent_idx" ON "crm_addresses" USING btree ("consent");--> statement-breakpoint
CREATE INDEX "crm_campaigns_status_idx" ON "crm_campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "crm_send_events_send_idx" ON "crm_send_events" USING btree ("send_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_send_events_outcome_unique" ON "crm_send_events" USING btree ("send_id","kind") WHERE "crm_send_events"."kind" in ('delivered', 'bounce', 'complaint', 'unsubscribe');--> statement-breakpoint
CREATE UNIQUE INDEX "crm_sender_domains_domain_unique" ON "crm_sender_domains" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_senders_email_unique" ON "crm_senders" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_sends_campaign_email_unique" ON "crm_sends" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "crm_sends_pending_idx" ON "crm_sends" USING btree ("campaign_id","id") WHERE "crm_sends"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "crm_sends_lead_idx" ON "crm_sends" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_templates_name_unique" ON "crm_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sandbox_dns_records_name_idx" ON "sandbox_dns_records" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_kind_email_unique" ON "leads" USING btree ("kind",lower("email")) WHERE "leads"."spotify_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_user_unique" ON "leads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "lead_lists" ADD CONSTRAINT "lead_lists_type_known" CHECK ("lead_lists"."type" in ('static', 'filter'));--> statement-breakpoint
ALTER TABLE "lead_lists" ADD CONSTRAINT "lead_lists_filter_set" CHECK (("lead_lists"."type" = 'filter') = ("lead_lists"."filter" is not null));--> statement-breakpoint
ALTER TABLE "lead_suppressions" ADD CONSTRAINT "lead_suppressions_reason_known" CHECK ("lead_suppressions"."reason" in ('erasure', 'unsubscribe', 'hard_bounce', 'complaint'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_origin_known" CHECK ("leads"."origin" in ('scraping', 'csv', 'user'));