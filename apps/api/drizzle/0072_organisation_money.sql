-- Organisation purchases and invoices (issue 35). The foreign key organisation_budgets.ledger_account_id
-- -> ledger_accounts (migration 0069) stays: the schema no longer declares it (table files must not
-- reference each other in a circle), so the DROP drizzle generated for it is left out on purpose.
-- The new foreign keys are added NOT VALID: every
-- existing row has a null organisation_id, and validating would scan payments and invoices under lock.
ALTER TABLE "invoices" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_name" varchar(190);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_country" varchar(2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_number" varchar(32);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation -- a partial index over organisation invoices only (none yet), built from one read of invoices; for a large table create it CONCURRENTLY by hand first (IF NOT EXISTS then skips it)
CREATE INDEX IF NOT EXISTS "invoices_organisation_idx" ON "invoices" USING btree ("organisation_id","id") WHERE "invoices"."organisation_id" is not null;--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation -- a partial index over organisation payments only (none yet), built from one read of payments; for a large table create it CONCURRENTLY by hand first (IF NOT EXISTS then skips it)
CREATE INDEX IF NOT EXISTS "payments_organisation_idx" ON "payments" USING btree ("organisation_id") WHERE "payments"."organisation_id" is not null;