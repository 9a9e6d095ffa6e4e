CREATE TABLE "social_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"platform" varchar(16) NOT NULL,
	"platform_user_id" varchar(100) NOT NULL,
	"username" varchar(100) NOT NULL,
	"display_name" varchar(200) NOT NULL,
	"avatar_url" text,
	"followers" integer,
	"account_type" varchar(30),
	"tier_id" integer,
	"status" varchar(16) DEFAULT 'connected' NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"token_issued_at" timestamp with time zone,
	"last_refresh_error" varchar(40),
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_accounts_platform_check" CHECK ("social_accounts"."platform" in ('tiktok', 'instagram')),
	CONSTRAINT "social_accounts_status_check" CHECK ("social_accounts"."status" in ('connected', 'expired', 'revoked')),
	CONSTRAINT "social_accounts_revoked_no_tokens" CHECK ("social_accounts"."status" <> 'revoked' or ("social_accounts"."access_token" is null and "social_accounts"."refresh_token" is null)),
	CONSTRAINT "social_accounts_followers_check" CHECK ("social_accounts"."followers" is null or "social_accounts"."followers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "social_durations" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" varchar(16) NOT NULL,
	"duration" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "social_durations_platform_check" CHECK ("social_durations"."platform" in ('tiktok', 'instagram')),
	CONSTRAINT "social_durations_positive" CHECK ("social_durations"."duration" between 1 and 365),
	CONSTRAINT "social_durations_status_check" CHECK ("social_durations"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "social_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" varchar(16) NOT NULL,
	"tier_name" varchar(100) NOT NULL,
	"price" integer NOT NULL,
	"min_followers" integer DEFAULT 0 NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_tiers_id_platform_unique" UNIQUE("id","platform"),
	CONSTRAINT "social_tiers_platform_check" CHECK ("social_tiers"."platform" in ('tiktok', 'instagram')),
	CONSTRAINT "social_tiers_price_positive" CHECK ("social_tiers"."price" > 0),
	CONSTRAINT "social_tiers_min_followers_check" CHECK ("social_tiers"."min_followers" >= 0),
	CONSTRAINT "social_tiers_status_check" CHECK ("social_tiers"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "sandbox_social_posts" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"platform" varchar(16) NOT NULL,
	"account_id" varchar(100) NOT NULL,
	"username" varchar(100) NOT NULL,
	"music_id" varchar(100),
	"caption" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sandbox_social_posts_platform_check" CHECK ("sandbox_social_posts"."platform" in ('tiktok', 'instagram')),
	CONSTRAINT "sandbox_social_posts_views_check" CHECK ("sandbox_social_posts"."views" >= 0)
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_tier_fk" FOREIGN KEY ("tier_id","platform") REFERENCES "public"."social_tiers"("id","platform") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_user_account_unique" ON "social_accounts" USING btree ("user_id","platform","platform_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_one_owner" ON "social_accounts" USING btree ("platform","platform_user_id") WHERE "social_accounts"."status" <> 'revoked';--> statement-breakpoint
CREATE INDEX "social_accounts_user_idx" ON "social_accounts" USING btree ("user_id","platform");--> statement-breakpoint
CREATE INDEX "social_accounts_refresh_idx" ON "social_accounts" USING btree ("access_expires_at") WHERE "social_accounts"."status" = 'connected';--> statement-breakpoint
CREATE UNIQUE INDEX "social_durations_unique" ON "social_durations" USING btree ("platform","duration");--> statement-breakpoint
CREATE UNIQUE INDEX "social_tiers_name_unique" ON "social_tiers" USING btree ("platform",lower("tier_name"));--> statement-breakpoint
CREATE INDEX "sandbox_social_posts_account_idx" ON "sandbox_social_posts" USING btree ("platform","account_id","posted_at");