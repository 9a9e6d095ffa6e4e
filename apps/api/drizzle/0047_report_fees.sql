-- Issue 28 item 4: the report's revenue is the platform's fees net of refunds, in coins: the net movement
-- of the platform revenue account (campaign fees, Fan Finder subscriptions and staff deductions in,
-- staff refunds out), rolled up per day as metric 'fees' (coins, n = movements). Kept by a trigger on
-- the account's balance, fired for the platform revenue row only (its WHEN clause), in the transaction
-- of the movement; the day is the transaction's, as the entries' `created_at`.
CREATE FUNCTION report_fees_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_delta(now(), 'fees', '', 1, NEW.balance - OLD.balance, 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_fees AFTER UPDATE OF balance ON ledger_accounts FOR EACH ROW
  WHEN (NEW.kind = 'platform_revenue' AND NEW.user_id IS NULL AND NEW.balance IS DISTINCT FROM OLD.balance)
  EXECUTE FUNCTION report_fees_trg();--> statement-breakpoint
ALTER TABLE "ledger_accounts" ENABLE ALWAYS TRIGGER report_fees;--> statement-breakpoint
-- Payouts paid per day also in coins (the chart puts requested and paid coins on one axis).
CREATE OR REPLACE FUNCTION report_payouts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_delta(OLD.created_at, 'payouts', OLD.status_id::text, -1, OLD.coins, 0);
    IF OLD.status_id = 3 AND OLD.paid_at IS NOT NULL THEN
      PERFORM report_delta(OLD.paid_at, 'payouts_paid', '', -1, OLD.coins, OLD.amount_minor);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_delta(NEW.created_at, 'payouts', NEW.status_id::text, 1, NEW.coins, 0);
    IF NEW.status_id = 3 AND NEW.paid_at IS NOT NULL THEN
      PERFORM report_delta(NEW.paid_at, 'payouts_paid', '', 1, NEW.coins, NEW.amount_minor);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_deltas;
  DELETE FROM report_daily;
  INSERT INTO report_daily (day, metric, dim, n, coins, minor)
  SELECT (paid_at AT TIME ZONE 'UTC')::date, 'sales', currency, count(*), sum(coins), sum(amount_minor)
    FROM payments WHERE status = 'paid' AND paid_at IS NOT NULL GROUP BY 1, 3
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'campaigns', status_id::text, count(*), sum(price), 0
    FROM express_campaigns GROUP BY 1, 3
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'signups', user_type_id::text, count(*), 0, 0
    FROM users WHERE deleted_at IS NULL GROUP BY 1, 3
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'payouts', status_id::text, count(*), sum(coins), 0
    FROM payouts GROUP BY 1, 3
  UNION ALL
  SELECT (paid_at AT TIME ZONE 'UTC')::date, 'payouts_paid', '', count(*), sum(coins), sum(amount_minor)
    FROM payouts WHERE status_id = 3 AND paid_at IS NOT NULL GROUP BY 1
  UNION ALL
  SELECT (e.created_at AT TIME ZONE 'UTC')::date, 'fees', '', count(*), sum(e.amount), 0
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
   WHERE a.kind = 'platform_revenue' AND a.user_id IS NULL GROUP BY 1;
$$;--> statement-breakpoint
SELECT report_rebuild();
