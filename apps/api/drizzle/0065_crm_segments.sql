ALTER TABLE "crm_campaigns" ADD COLUMN "segment" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "country" varchar(2);