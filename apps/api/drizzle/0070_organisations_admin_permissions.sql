-- The back-office's organisations (issue 35): no table change, only the two new permissions.
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
