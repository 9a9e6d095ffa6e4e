ALTER TABLE "users" ADD COLUMN "artist_name" varchar(100);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "pitch" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bio_length_check" CHECK (char_length("users"."bio") <= 300);--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_pitch_length" CHECK (char_length("express_campaigns"."pitch") <= 140);