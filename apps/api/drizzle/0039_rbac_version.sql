CREATE TABLE "rbac_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "rbac_version_one_row" CHECK ("rbac_version"."id" = 1)
);
