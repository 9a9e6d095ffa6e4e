ALTER TABLE "audit_logs" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "on_behalf_of_user_id" integer;