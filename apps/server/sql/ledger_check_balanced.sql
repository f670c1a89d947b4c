CREATE OR REPLACE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  txn uuid;
  total numeric;
  n integer;
BEGIN
  IF TG_TABLE_NAME = 'entries' THEN
    txn := NEW."transaction_id";
  ELSE
    txn := NEW."id";
  END IF;
  SELECT coalesce(sum(e."amount_centimes"), 0), count(*) INTO total, n
    FROM "entries" AS e WHERE e."transaction_id" = txn;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'ledger: the % entries of transaction % sum to %, not zero over two or more',
      n, txn, total USING ERRCODE = 'LJ004';
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS "transactions_balanced_at_commit" ON "transactions";
CREATE CONSTRAINT TRIGGER "transactions_balanced_at_commit"
  AFTER INSERT ON "transactions"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
