CREATE TABLE "user_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_notes_body_length" CHECK (char_length("user_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "user_notes" ADD CONSTRAINT "user_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notes" ADD CONSTRAINT "user_notes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_notes_user_idx" ON "user_notes" USING btree ("user_id","id");--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation -- custom campaigns are ordered by staff: hundreds of rows, the build takes milliseconds
CREATE INDEX IF NOT EXISTS "custom_campaigns_name_trgm_idx" ON "custom_campaigns" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation -- a GIN trigram build over one varchar column; for a large table create it CONCURRENTLY by hand first (IF NOT EXISTS then skips it)
CREATE INDEX IF NOT EXISTS "express_campaigns_track_name_trgm_idx" ON "express_campaigns" USING gin ("track_name" gin_trgm_ops);--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation -- a GIN trigram build over one varchar(150) column; for a large table create it CONCURRENTLY by hand first (IF NOT EXISTS then skips it)
CREATE INDEX IF NOT EXISTS "tickets_subject_trgm_idx" ON "tickets" USING gin ("ticket_subject" gin_trgm_ops);--> statement-breakpoint
-- hand-written
-- Staff notes on users (issue 36): the two permissions exist before the seed runs, and roles that
-- already read users read their notes, roles that already change users add notes.
INSERT INTO "permissions" ("name", "guard") VALUES ('users.notes.show', 'admin'), ('users.notes.add', 'admin') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", n."id" FROM "role_permissions" rp
JOIN "permissions" p ON p."id" = rp."permission_id" AND p."guard" = 'admin' AND p."name" = 'view.main.users.tab.list'
JOIN "permissions" n ON n."guard" = 'admin' AND n."name" = 'users.notes.show'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", n."id" FROM "role_permissions" rp
JOIN "permissions" p ON p."id" = rp."permission_id" AND p."guard" = 'admin' AND p."name" = 'users.edit'
JOIN "permissions" n ON n."guard" = 'admin' AND n."name" = 'users.notes.add'
ON CONFLICT DO NOTHING;
