ALTER TABLE "ledger_accounts" ADD COLUMN "entry_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account_seq" bigint;--> statement-breakpoint
UPDATE "ledger_entries" e SET "account_seq" = n.seq
  FROM (SELECT "id", row_number() OVER (PARTITION BY "account_id" ORDER BY "id") AS seq FROM "ledger_entries") n
  WHERE n."id" = e."id";--> statement-breakpoint
UPDATE "ledger_accounts" a SET "entry_count" = c.n
  FROM (SELECT "account_id", count(*) AS n FROM "ledger_entries" GROUP BY "account_id") c
  WHERE c."account_id" = a."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "account_seq" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_account_seq_unique" ON "ledger_entries" USING btree ("account_id","account_seq");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_seq_positive" CHECK ("ledger_entries"."account_seq" > 0);
--> statement-breakpoint
CREATE TABLE "report_daily" (
	"day" date NOT NULL,
	"metric" varchar(20) NOT NULL,
	"dim" varchar(10) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"coins" bigint DEFAULT 0 NOT NULL,
	"minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_day_metric_dim_pk" PRIMARY KEY("day","metric","dim")
);
--> statement-breakpoint
CREATE TABLE "report_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"metric" varchar(20) NOT NULL,
	"dim" varchar(10) NOT NULL,
	"n" bigint NOT NULL,
	"coins" bigint NOT NULL,
	"minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_deltas_day_idx" ON "report_deltas" USING btree ("day");--> statement-breakpoint
CREATE FUNCTION report_delta(d timestamptz, m text, dm text, sgn int, c bigint, mn bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_deltas (day, metric, dim, n, coins, minor)
  VALUES ((d AT TIME ZONE 'UTC')::date, m, dm, sgn, sgn * c, sgn * mn)
$$;--> statement-breakpoint
CREATE FUNCTION report_payments_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'paid' AND OLD.paid_at IS NOT NULL THEN
    PERFORM report_delta(OLD.paid_at, 'sales', OLD.currency, -1, OLD.coins, OLD.amount_minor);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'paid' AND NEW.paid_at IS NOT NULL THEN
    PERFORM report_delta(NEW.paid_at, 'sales', NEW.currency, 1, NEW.coins, NEW.amount_minor);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_payments AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, coins, amount_minor, currency
  ON payments FOR EACH ROW EXECUTE FUNCTION report_payments_trg();--> statement-breakpoint
CREATE FUNCTION report_campaigns_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_delta(OLD.created_at, 'campaigns', OLD.status_id::text, -1, OLD.price, 0);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_delta(NEW.created_at, 'campaigns', NEW.status_id::text, 1, NEW.price, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_campaigns AFTER INSERT OR DELETE OR UPDATE OF status_id, created_at, price
  ON express_campaigns FOR EACH ROW EXECUTE FUNCTION report_campaigns_trg();--> statement-breakpoint
CREATE FUNCTION report_users_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    PERFORM report_delta(OLD.created_at, 'signups', OLD.user_type_id::text, -1, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    PERFORM report_delta(NEW.created_at, 'signups', NEW.user_type_id::text, 1, 0, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_users AFTER INSERT OR DELETE OR UPDATE OF deleted_at, created_at, user_type_id
  ON users FOR EACH ROW EXECUTE FUNCTION report_users_trg();--> statement-breakpoint
CREATE FUNCTION report_payouts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_delta(OLD.created_at, 'payouts', OLD.status_id::text, -1, OLD.coins, 0);
    IF OLD.status_id = 3 AND OLD.paid_at IS NOT NULL THEN
      PERFORM report_delta(OLD.paid_at, 'payouts_paid', '', -1, 0, OLD.amount_minor);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_delta(NEW.created_at, 'payouts', NEW.status_id::text, 1, NEW.coins, 0);
    IF NEW.status_id = 3 AND NEW.paid_at IS NOT NULL THEN
      PERFORM report_delta(NEW.paid_at, 'payouts_paid', '', 1, 0, NEW.amount_minor);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_payouts AFTER INSERT OR DELETE OR UPDATE OF status_id, created_at, paid_at, coins, amount_minor
  ON payouts FOR EACH ROW EXECUTE FUNCTION report_payouts_trg();--> statement-breakpoint
CREATE FUNCTION report_compact() RETURNS bigint LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM report_deltas RETURNING day, metric, dim, n, coins, minor),
  sums AS (SELECT day, metric, dim, sum(n)::bigint AS n, sum(coins)::bigint AS coins, sum(minor)::bigint AS minor,
                  count(*) AS k
             FROM moved GROUP BY day, metric, dim),
  ins AS (INSERT INTO report_daily AS r (day, metric, dim, n, coins, minor)
          SELECT day, metric, dim, n, coins, minor FROM sums
          ON CONFLICT (day, metric, dim) DO UPDATE
            SET n = r.n + excluded.n, coins = r.coins + excluded.coins, minor = r.minor + excluded.minor)
  SELECT coalesce(sum(k), 0)::bigint FROM sums
$$;--> statement-breakpoint
CREATE FUNCTION report_rebuild() RETURNS void LANGUAGE sql AS $$
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
  SELECT (paid_at AT TIME ZONE 'UTC')::date, 'payouts_paid', '', count(*), 0, sum(amount_minor)
    FROM payouts WHERE status_id = 3 AND paid_at IS NOT NULL GROUP BY 1;
$$;--> statement-breakpoint
-- Also under session_replication_role = replica (bulk loads with foreign-key checks off): the rollups
-- cannot drift from their sources.
ALTER TABLE "payments" ENABLE ALWAYS TRIGGER report_payments;--> statement-breakpoint
ALTER TABLE "express_campaigns" ENABLE ALWAYS TRIGGER report_campaigns;--> statement-breakpoint
ALTER TABLE "users" ENABLE ALWAYS TRIGGER report_users;--> statement-breakpoint
ALTER TABLE "payouts" ENABLE ALWAYS TRIGGER report_payouts;--> statement-breakpoint
SELECT report_rebuild();
