-- Issue 18: a purchase sends its hold with its COMMIT in one round trip (db/client.ts `atCommit`), so
-- the payer's wallet is locked only while PostgreSQL works, never while the API's event loop is busy.
-- The hold statement cannot answer "no row" there (the COMMIT right behind it would keep the order
-- without its hold); it calls this instead, which aborts the transaction with SQLSTATE LM001 when the
-- wallet could not pay. The API reads LM001 as "insufficient balance" (409).
CREATE FUNCTION ledger_assert_funded(funded boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT funded THEN
    RAISE EXCEPTION 'the payer''s wallet cannot cover the hold' USING ERRCODE = 'LM001';
  END IF;
END $$;
