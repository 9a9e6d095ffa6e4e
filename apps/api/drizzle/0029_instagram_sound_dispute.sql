ALTER TABLE "express_campaigns" ADD COLUMN "artist_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "dispute_reason" text;