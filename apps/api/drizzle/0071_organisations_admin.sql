-- The back-office's organisations (issue 35): an index for an organisation's audit entries, and the two new permissions.
-- squawk-ignore require-concurrent-index-creation -- a partial index: only entries of organisations (none before this release) are in it; the build reads audit_logs once; for a large log create it CONCURRENTLY by hand first (IF NOT EXISTS then skips it)
CREATE INDEX IF NOT EXISTS "audit_logs_organisation_idx" ON "audit_logs" USING btree ("organisation_id","created_at") WHERE "audit_logs"."organisation_id" is not null;--> statement-breakpoint
-- hand-written
-- The permissions exist before the seed runs; staff who see users see organisations, and staff who
-- may edit users may suspend, reactivate and correct organisations (docs/decisions.md
-- "Organisations in the back-office (issue 35)").
INSERT INTO "permissions" ("name", "guard") VALUES ('view.main.organisations.tab.list', 'admin'), ('organisations.edit', 'admin') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT DISTINCT rp."role_id", p."id"
  FROM "role_permissions" rp
  JOIN "permissions" held ON held."id" = rp."permission_id"
   AND held."name" = 'view.main.users.tab.list' AND held."guard" = 'admin'
 CROSS JOIN "permissions" p
 WHERE p."name" = 'view.main.organisations.tab.list' AND p."guard" = 'admin'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT DISTINCT rp."role_id", p."id"
  FROM "role_permissions" rp
  JOIN "permissions" held ON held."id" = rp."permission_id"
   AND held."name" = 'users.edit' AND held."guard" = 'admin'
 CROSS JOIN "permissions" p
 WHERE p."name" = 'organisations.edit' AND p."guard" = 'admin'
ON CONFLICT DO NOTHING;
