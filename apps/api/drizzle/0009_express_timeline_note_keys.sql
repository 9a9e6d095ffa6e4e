ALTER TABLE "express_campaign_events" ADD COLUMN "note_key" varchar(80);--> statement-breakpoint
ALTER TABLE "express_campaign_events" ADD COLUMN "note_params" jsonb;