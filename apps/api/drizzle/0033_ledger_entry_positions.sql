ALTER TABLE "ledger_accounts" ADD COLUMN "entry_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account_seq" bigint;--> statement-breakpoint
UPDATE "ledger_entries" e SET "account_seq" = n.seq
  FROM (SELECT "id", row_number() OVER (PARTITION BY "account_id" ORDER BY "id") AS seq FROM "ledger_entries") n
  WHERE n."id" = e."id";--> statement-breakpoint
UPDATE "ledger_accounts" a SET "entry_count" = c.n
  FROM (SELECT "account_id", count(*) AS n FROM "ledger_entries" GROUP BY "account_id") c
  WHERE c."account_id" = a."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "account_seq" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_account_seq_unique" ON "ledger_entries" USING btree ("account_id","account_seq");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_seq_positive" CHECK ("ledger_entries"."account_seq" > 0);
