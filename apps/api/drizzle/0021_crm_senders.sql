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
	"confirmed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_senders_lower_case" CHECK ("crm_senders"."email" = lower("crm_senders"."email")),
	CONSTRAINT "crm_senders_rate_positive" CHECK ("crm_senders"."rate_per_minute" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "sandbox_dns_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(253) NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_sender_domains" ADD CONSTRAINT "crm_sender_domains_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_senders" ADD CONSTRAINT "crm_senders_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_sender_domains_domain_unique" ON "crm_sender_domains" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_senders_email_unique" ON "crm_senders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sandbox_dns_records_name_idx" ON "sandbox_dns_records" USING btree ("name");