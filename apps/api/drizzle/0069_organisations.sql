-- Organisations (issue 35). The changed ledger checks and the new foreign key are added NOT VALID: the
-- rows already there satisfy them (they only widen what is allowed), and validating would scan the
-- ledger under an ACCESS EXCLUSIVE lock; new and updated rows are checked at once.
CREATE TABLE "organisation_artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"artist_user_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"managed" boolean DEFAULT false NOT NULL,
	"invited_by_user_id" integer,
	"joined_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_artists_status_check" CHECK ("organisation_artists"."status" in ('invited', 'active', 'refused', 'left', 'removed')),
	CONSTRAINT "organisation_artists_managed_active" CHECK (not "organisation_artists"."managed" or "organisation_artists"."status" in ('active', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "organisation_budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"artist_user_id" integer NOT NULL,
	"monthly_coins" integer NOT NULL,
	"ledger_account_id" bigint NOT NULL,
	"funded_month" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_budgets_positive" CHECK ("organisation_budgets"."monthly_coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "organisation_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"email" varchar(190) NOT NULL,
	"role" varchar(20) NOT NULL,
	"all_artists" boolean DEFAULT true NOT NULL,
	"artist_user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"invited_by_user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_invites_role_check" CHECK ("organisation_invites"."role" in ('owner', 'admin', 'campaign_manager', 'finance', 'viewer')),
	CONSTRAINT "organisation_invites_email_lower_check" CHECK ("organisation_invites"."email" = lower("organisation_invites"."email"))
);
--> statement-breakpoint
CREATE TABLE "organisation_member_artists" (
	"member_id" integer NOT NULL,
	"artist_user_id" integer NOT NULL,
	CONSTRAINT "organisation_member_artists_member_id_artist_user_id_pk" PRIMARY KEY("member_id","artist_user_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(20) NOT NULL,
	"all_artists" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_role_check" CHECK ("organisation_members"."role" in ('owner', 'admin', 'campaign_manager', 'finance', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"name" varchar(120) NOT NULL,
	"logo" text,
	"billing_name" varchar(190) NOT NULL,
	"billing_address" text NOT NULL,
	"billing_country" varchar(2) NOT NULL,
	"vat_number" varchar(32),
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "organisations_kind_check" CHECK ("organisations"."kind" in ('label', 'management', 'agency')),
	CONSTRAINT "organisations_status_check" CHECK ("organisations"."status" in ('active', 'suspended')),
	CONSTRAINT "organisations_name_check" CHECK (char_length(btrim("organisations"."name")) between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_desc_check";--> statement-breakpoint
-- squawk-ignore require-concurrent-index-deletion -- a partial index over the handful of system accounts: dropped at once
DROP INDEX "ledger_accounts_system_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "managed_profile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "organisation_artists" ADD CONSTRAINT "organisation_artists_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_artists" ADD CONSTRAINT "organisation_artists_artist_user_id_users_id_fk" FOREIGN KEY ("artist_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_artists" ADD CONSTRAINT "organisation_artists_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_budgets" ADD CONSTRAINT "organisation_budgets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_budgets" ADD CONSTRAINT "organisation_budgets_artist_user_id_users_id_fk" FOREIGN KEY ("artist_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_budgets" ADD CONSTRAINT "organisation_budgets_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invites" ADD CONSTRAINT "organisation_invites_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invites" ADD CONSTRAINT "organisation_invites_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invites" ADD CONSTRAINT "organisation_invites_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_member_artists" ADD CONSTRAINT "organisation_member_artists_artist_user_id_users_id_fk" FOREIGN KEY ("artist_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_member_artists" ADD CONSTRAINT "organisation_member_artists_member_fk" FOREIGN KEY ("member_id") REFERENCES "public"."organisation_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_artists_one_active" ON "organisation_artists" USING btree ("artist_user_id") WHERE "organisation_artists"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_artists_open_unique" ON "organisation_artists" USING btree ("organisation_id","artist_user_id") WHERE "organisation_artists"."status" in ('invited', 'active');--> statement-breakpoint
CREATE INDEX "organisation_artists_org_idx" ON "organisation_artists" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_budgets_unique" ON "organisation_budgets" USING btree ("organisation_id","artist_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_budgets_account_unique" ON "organisation_budgets" USING btree ("ledger_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invites_token_unique" ON "organisation_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "organisation_invites_org_idx" ON "organisation_invites" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_unique" ON "organisation_members" USING btree ("organisation_id","user_id");--> statement-breakpoint
CREATE INDEX "organisation_members_user_idx" ON "organisation_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisations_live_idx" ON "organisations" USING btree ("id") WHERE "organisations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "organisations_name_trgm_idx" ON "organisations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation -- a partial index (organisation wallets only, none yet); the build reads ledger_accounts once (about three rows per user); for a large table create it CONCURRENTLY by hand first (IF NOT EXISTS then skips it)
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_accounts_organisation_wallet_unique" ON "ledger_accounts" USING btree ("organisation_id") WHERE "ledger_accounts"."kind" = 'organisation_wallet';--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation -- a partial index over the handful of system accounts; the build reads ledger_accounts once; for a large table create it CONCURRENTLY by hand first (IF NOT EXISTS then skips it)
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_accounts_system_unique" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."user_id" is null and "ledger_accounts"."organisation_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (case when "ledger_accounts"."kind" = 'user_wallet' then "ledger_accounts"."user_id" is not null and "ledger_accounts"."organisation_id" is null when "ledger_accounts"."kind" in ('campaign_escrow', 'payout_escrow') then "ledger_accounts"."organisation_id" is null when "ledger_accounts"."kind" in ('organisation_wallet', 'organisation_budget') then "ledger_accounts"."organisation_id" is not null and "ledger_accounts"."user_id" is null else "ledger_accounts"."user_id" is null and "ledger_accounts"."organisation_id" is null end) NOT VALID;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_wallet', 'campaign_escrow', 'payout_escrow', 'platform_revenue', 'payment_clearing', 'payout_clearing', 'organisation_wallet', 'organisation_budget')) NOT VALID;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_desc_check" CHECK ("ledger_transfers"."desc_id" between 1 and 8) NOT VALID;