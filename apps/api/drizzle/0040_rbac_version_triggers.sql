-- Issue 18: every change to roles, permissions or the permissions of a role moves rbac_version on,
-- in the same transaction. The token statement reads the version with the token's role ids (those
-- are read afresh each time); a process reuses the permission names it worked out for a set of roles
-- only while the version is the same, so a change applies on the very next request.
INSERT INTO "rbac_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION rbac_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rbac_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rbac_version_roles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION rbac_version_bump();--> statement-breakpoint
CREATE TRIGGER rbac_version_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION rbac_version_bump();--> statement-breakpoint
CREATE TRIGGER rbac_version_role_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION rbac_version_bump();
