-- Lists filter entries by their transfer's desc_id: keep a copy on the (immutable) entries.
ALTER TABLE "ledger_entries" ADD COLUMN "desc_id" smallint;--> statement-breakpoint
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_immutable";--> statement-breakpoint
UPDATE "ledger_entries" e SET "desc_id" = t."desc_id" FROM "ledger_transfers" t WHERE t."id" = e."transfer_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_immutable";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "desc_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_transfer_idx" ON "invoices" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_desc_idx" ON "ledger_entries" USING btree ("account_id","desc_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
-- The transaction-number filter is a substring search: a trigram index serves it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "ledger_transfers_number_trgm_idx" ON "ledger_transfers" USING gin ("number" gin_trgm_ops);
--> statement-breakpoint
-- Staff credits are a platform expense: the revenue account may go below zero.
UPDATE "ledger_accounts" SET "allow_negative" = 1 WHERE "kind" = 'platform_revenue' AND "user_id" IS NULL;
