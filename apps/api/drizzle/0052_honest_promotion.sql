ALTER TABLE "social_accounts" ADD COLUMN "refuses_ai" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_campaigns" ADD COLUMN "made_with_ai" boolean;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "made_with_ai" boolean;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "disclosure" varchar(8);--> statement-breakpoint
ALTER TABLE "express_playlists" ADD COLUMN "refuses_ai" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_disclosure_check" CHECK ("express_campaigns"."disclosure" is null or "express_campaigns"."disclosure" in ('flag', 'caption', 'missing'));