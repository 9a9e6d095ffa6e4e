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
ALTER TABLE "leads" ALTER COLUMN "spotify_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "spotify_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_lists" ADD COLUMN "type" varchar(10) DEFAULT 'static' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_lists" ADD COLUMN "filter" jsonb;--> statement-breakpoint
ALTER TABLE "lead_suppressions" ADD COLUMN "reason" varchar(12) DEFAULT 'erasure' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "origin" varchar(10) DEFAULT 'scraping' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "user_id" integer;--> statement-breakpoint
CREATE INDEX "crm_addresses_consent_idx" ON "crm_addresses" USING btree ("consent");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_kind_email_unique" ON "leads" USING btree ("kind",lower("email")) WHERE "leads"."spotify_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_user_unique" ON "leads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "lead_lists" ADD CONSTRAINT "lead_lists_type_known" CHECK ("lead_lists"."type" in ('static', 'filter'));--> statement-breakpoint
ALTER TABLE "lead_lists" ADD CONSTRAINT "lead_lists_filter_set" CHECK (("lead_lists"."type" = 'filter') = ("lead_lists"."filter" is not null));--> statement-breakpoint
ALTER TABLE "lead_suppressions" ADD CONSTRAINT "lead_suppressions_reason_known" CHECK ("lead_suppressions"."reason" in ('erasure', 'unsubscribe', 'hard_bounce', 'complaint'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_origin_known" CHECK ("leads"."origin" in ('scraping', 'csv', 'user'));