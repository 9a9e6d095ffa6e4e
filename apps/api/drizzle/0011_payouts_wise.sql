CREATE TABLE "payout_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wise_quote_id" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"recipient_id" bigint NOT NULL,
	"coins" integer NOT NULL,
	"payout_rate_pence" integer NOT NULL,
	"source_minor" bigint NOT NULL,
	"source_currency" varchar(3) DEFAULT 'GBP' NOT NULL,
	"target_minor" bigint NOT NULL,
	"target_currency" varchar(3) NOT NULL,
	"fee_minor" bigint NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_quotes_coins_positive" CHECK ("payout_quotes"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"country" varchar(2),
	"type" varchar(40) NOT NULL,
	"account_holder_name" varchar(140) NOT NULL,
	"details" jsonb NOT NULL,
	"wise_account_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"quote_id" bigint NOT NULL,
	"recipient_id" bigint NOT NULL,
	"hold_id" bigint NOT NULL,
	"coins" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) DEFAULT 'GBP' NOT NULL,
	"target_minor" bigint NOT NULL,
	"target_currency" varchar(3) NOT NULL,
	"fee_minor" bigint NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"email" varchar(190) NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"customer_transaction_id" varchar(64) NOT NULL,
	"wise_quote_id" varchar(64) NOT NULL,
	"wise_account_id" varchar(64) NOT NULL,
	"wise_transfer_id" varchar(64),
	"wise_balance_transaction_id" varchar(64),
	"wise_status" varchar(40),
	"wise_state_at" timestamp with time zone,
	"payment_transfer_id" bigint,
	"attachment_path" varchar(300),
	"decline_reason" varchar(500),
	"failure_reason" varchar(200),
	"reviewed_by_admin_id" integer,
	"reviewed_at" timestamp with time zone,
	"funded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"coins_returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status_id" between 1 and 5),
	CONSTRAINT "payouts_coins_positive" CHECK ("payouts"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_wise_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_transaction_id" varchar(64) NOT NULL,
	"quote_id" varchar(64) NOT NULL,
	"recipient_id" varchar(64) NOT NULL,
	"reference" varchar(100) NOT NULL,
	"status" varchar(40) DEFAULT 'incoming_payment_waiting' NOT NULL,
	"balance_transaction_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"funded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_wise_transfers_status_check" CHECK ("sandbox_wise_transfers"."status" in ('incoming_payment_waiting', 'processing', 'funds_converted', 'outgoing_payment_sent', 'bounced_back', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_recipient_id_payout_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."payout_recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_recipients" ADD CONSTRAINT "payout_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_quote_id_payout_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."payout_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recipient_id_payout_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."payout_recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reviewed_by_admin_id_admins_id_fk" FOREIGN KEY ("reviewed_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_quotes_wise_quote_unique" ON "payout_quotes" USING btree ("wise_quote_id");--> statement-breakpoint
CREATE INDEX "payout_quotes_user_idx" ON "payout_quotes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payout_recipients_user_idx" ON "payout_recipients" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_quote_unique" ON "payouts" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_ctid_unique" ON "payouts" USING btree ("customer_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_wise_transfer_unique" ON "payouts" USING btree ("wise_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_per_user" ON "payouts" USING btree ("user_id") WHERE "payouts"."status_id" in (1, 2);--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status_id","id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_wise_transfers_ctid_unique" ON "sandbox_wise_transfers" USING btree ("customer_transaction_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_wallet', 'campaign_escrow', 'payout_escrow', 'platform_revenue', 'payment_clearing', 'payout_clearing'));