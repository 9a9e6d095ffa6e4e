ALTER TABLE "trust_scores" ADD COLUMN "listeners" smallint;--> statement-breakpoint
ALTER TABLE "trust_scores" ADD COLUMN "stay" smallint;--> statement-breakpoint
ALTER TABLE "trust_scores" ADD COLUMN "listeners_per_placement" real;--> statement-breakpoint
ALTER TABLE "trust_scores" ADD COLUMN "results_campaigns" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trust_scores" ADD COLUMN "results_artists" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trust_scores" ADD COLUMN "stay_days" real;--> statement-breakpoint
ALTER TABLE "trust_scores" ADD COLUMN "stay_campaigns" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trust_scores" ADD COLUMN "stay_artists" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trust_scores" ADD CONSTRAINT "trust_scores_listeners_range" CHECK ("trust_scores"."listeners" is null or "trust_scores"."listeners" between 0 and 100);--> statement-breakpoint
ALTER TABLE "trust_scores" ADD CONSTRAINT "trust_scores_stay_range" CHECK ("trust_scores"."stay" is null or "trust_scores"."stay" between 0 and 100);--> statement-breakpoint
ALTER TABLE "trust_scores" ADD CONSTRAINT "trust_scores_results_counts" CHECK ("trust_scores"."results_campaigns" >= "trust_scores"."results_artists" and "trust_scores"."results_artists" >= 0 and "trust_scores"."stay_campaigns" >= "trust_scores"."stay_artists" and "trust_scores"."stay_artists" >= 0);