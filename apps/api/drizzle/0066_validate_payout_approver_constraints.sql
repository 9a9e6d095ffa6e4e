-- hand-written
-- The later release of 0062's two constraints (docs/operations.md "Migrations that keep the previous
-- release running"): added NOT VALID there, validated here. VALIDATE takes SHARE UPDATE EXCLUSIVE, so
-- reads and writes of payouts go on while the rows are checked; the columns were new in 0062 and every
-- row written since was checked on write, so nothing fails.
ALTER TABLE "payouts" VALIDATE CONSTRAINT "payouts_first_approved_by_admin_id_admins_id_fk";--> statement-breakpoint
ALTER TABLE "payouts" VALIDATE CONSTRAINT "payouts_second_approver_differs";
