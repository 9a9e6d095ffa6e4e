CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"user_id" integer,
	"balance" bigint DEFAULT 0 NOT NULL,
	"allow_negative" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."allow_negative" = 1 or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_wallet', 'campaign_escrow', 'platform_revenue', 'payment_clearing', 'payout_clearing'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payer_account_id" bigint NOT NULL,
	"escrow_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"posted_amount" bigint,
	"ref_type" varchar(40),
	"ref_id" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_amount_positive" CHECK ("ledger_holds"."amount" > 0),
	CONSTRAINT "ledger_holds_status_check" CHECK ("ledger_holds"."status" in ('pending', 'posted', 'voided')),
	CONSTRAINT "ledger_holds_posted_range" CHECK ("ledger_holds"."posted_amount" is null or ("ledger_holds"."posted_amount" >= 0 and "ledger_holds"."posted_amount" <= "ledger_holds"."amount"))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" varchar(24) NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"desc_id" smallint NOT NULL,
	"hold_id" bigint,
	"money_minor" bigint,
	"currency" varchar(3),
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_desc_check" CHECK ("ledger_transfers"."desc_id" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_payer_account_id_ledger_accounts_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_escrow_account_id_ledger_accounts_id_fk" FOREIGN KEY ("escrow_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_wallet_unique" ON "ledger_accounts" USING btree ("user_id") WHERE "ledger_accounts"."kind" = 'user_wallet';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_unique" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_holds_ref_idx" ON "ledger_holds" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_unique" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_number_unique" ON "ledger_transfers" USING btree ("number");--> statement-breakpoint
CREATE INDEX "ledger_transfers_hold_idx" ON "ledger_transfers" USING btree ("hold_id");