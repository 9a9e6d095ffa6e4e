CREATE TABLE "ticket_saved_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer,
	"title" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_saved_replies" ADD CONSTRAINT "ticket_saved_replies_department_id_tickets_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."tickets_departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_saved_replies" ADD CONSTRAINT "ticket_saved_replies_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_saved_replies_title_unique" ON "ticket_saved_replies" USING btree (coalesce("department_id", 0),lower("title"));--> statement-breakpoint
-- hand-written
-- The new permission exists before the seed runs, and the roles that already manage the helpdesk's
-- departments may manage its saved replies too (docs/decisions.md "Saved replies (issue 36)").
INSERT INTO "permissions" ("name", "guard") VALUES ('tickets.saved.replies.edit', 'admin') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT DISTINCT rp."role_id", p."id"
  FROM "role_permissions" rp
  JOIN "permissions" held ON held."id" = rp."permission_id"
   AND held."name" = 'view.main.departments.tab.list' AND held."guard" = 'admin'
 CROSS JOIN "permissions" p
 WHERE p."name" = 'tickets.saved.replies.edit' AND p."guard" = 'admin'
ON CONFLICT DO NOTHING;
