-- Issue 18: "paid + refunded = held" is kept by the database, not only by the ledger's code. Checked at
-- commit (deferred constraint triggers), once every statement of the transaction has run:
-- * a new hold is funded: the transfers into its escrow account under the hold carry exactly its amount;
-- * a settled hold (posted or voided) moved out of escrow exactly its amount, of which everything not
--   returned to the payer is its posted amount (paid to the payee plus the platform fee).
CREATE FUNCTION ledger_hold_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  funded bigint;
  settled bigint;
  refunded bigint;
BEGIN
  SELECT coalesce(sum(amount) FILTER (WHERE credit_account_id = NEW.escrow_account_id), 0),
         coalesce(sum(amount) FILTER (WHERE debit_account_id = NEW.escrow_account_id), 0),
         coalesce(sum(amount) FILTER (WHERE debit_account_id = NEW.escrow_account_id
                                        AND credit_account_id = NEW.payer_account_id), 0)
    INTO funded, settled, refunded
    FROM ledger_transfers WHERE hold_id = NEW.id;
  IF TG_OP = 'INSERT' AND funded <> NEW.amount THEN
    RAISE EXCEPTION 'hold % of % coins is funded with % coins', NEW.id, NEW.amount, funded
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_holds_funded';
  END IF;
  IF NEW.status <> 'pending' AND (settled <> NEW.amount OR NEW.amount - refunded <> coalesce(NEW.posted_amount, -1)) THEN
    RAISE EXCEPTION 'hold % of % coins settled with % out of escrow, % refunded, % posted',
      NEW.id, NEW.amount, settled, refunded, NEW.posted_amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_holds_settled';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_holds_funded AFTER INSERT ON ledger_holds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_hold_check();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_holds_settled AFTER UPDATE ON ledger_holds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status <> 'pending') EXECUTE FUNCTION ledger_hold_check();
