-- Audit deep pages (docs/decisions.md "Audit log deep pages (session 8)"): an entry stamped before the
-- current hour (backfilled, or written by a transaction that ran across the hour) marks its hour as
-- late in the same transaction, so a cached hour count is never trusted once such an entry is visible.
-- One statement per insert statement, no lock on any shared row; entries of the current hour (every
-- ordinary insert) add nothing. Hours are whole hours since 1970-01-01 UTC (audit.service.ts).
CREATE OR REPLACE FUNCTION audit_logs_mark_late_hours() RETURNS trigger AS $$
BEGIN
  INSERT INTO audit_log_late_hours (hour)
  SELECT DISTINCT floor(extract(epoch FROM n.created_at) / 3600)::bigint
  FROM audit_logs_inserted n
  WHERE n.created_at < to_timestamp(floor(extract(epoch FROM clock_timestamp()) / 3600) * 3600);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_logs_late_hours AFTER INSERT ON audit_logs
  REFERENCING NEW TABLE AS audit_logs_inserted
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_mark_late_hours();
--> statement-breakpoint
-- Entries already there are counted by the first refresh (nothing is covered yet).
INSERT INTO audit_log_hours_state (id) VALUES (1);
