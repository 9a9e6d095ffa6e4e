ALTER TABLE "payouts" ADD COLUMN "first_approved_by_admin_id" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_first_approved_by_admin_id_admins_id_fk" FOREIGN KEY ("first_approved_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_second_approver_differs" CHECK ("payouts"."first_approved_by_admin_id" is null or "payouts"."status_id" = 4 or "payouts"."first_approved_by_admin_id" <> "payouts"."reviewed_by_admin_id") NOT VALID;--> statement-breakpoint
-- hand-written
-- Deciding payout requests moved from INFLUENCER_VIEW_PAYOUT_PROFILE (which keeps viewing) to
-- payouts.decide: every role that could approve before this release still can after it.
INSERT INTO "permissions" ("name", "guard") VALUES ('payouts.decide', 'admin') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", d."id"
  FROM "role_permissions" rp
  JOIN "permissions" v ON v."id" = rp."permission_id" AND v."name" = 'INFLUENCER_VIEW_PAYOUT_PROFILE' AND v."guard" = 'admin'
  JOIN "permissions" d ON d."name" = 'payouts.decide' AND d."guard" = 'admin'
ON CONFLICT DO NOTHING;
