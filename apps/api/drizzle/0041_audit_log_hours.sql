CREATE TABLE "audit_log_hours" (
	"hour" bigint PRIMARY KEY NOT NULL,
	"entries" bigint NOT NULL,
	"entries_up_to" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log_hours_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"covered_to" bigint,
	"covered_entries" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_log_hours_state_one_row" CHECK ("audit_log_hours_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log_late_hours" (
	"hour" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log_xid_clock" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"next_xid" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_hours_up_to_idx" ON "audit_log_hours" USING btree ("entries_up_to");--> statement-breakpoint
CREATE INDEX "audit_log_late_hours_hour_idx" ON "audit_log_late_hours" USING btree ("hour");