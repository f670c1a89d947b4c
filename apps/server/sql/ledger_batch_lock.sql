CREATE OR REPLACE FUNCTION "ledger_batch_lock"(p_accounts uuid[],
  OUT locked_ids uuid[], OUT locked_status text[], OUT locked_currency text[], OUT locked_balance bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  locked_row record;
BEGIN
  -- Every customer and float row of the batch, locked in ascending id order, each read as it is once locked;
  -- the system rows are locked at commit by the entries' trigger, in the same order.
  locked_ids := '{}';
  locked_status := '{}';
  locked_currency := '{}';
  locked_balance := '{}';
  FOR locked_row IN SELECT a."id", a."status", a."currency", a."balance_centimes" FROM "accounts" AS a
      WHERE a."id" = ANY (p_accounts) AND a."kind" <> 'system' ORDER BY a."id" FOR NO KEY UPDATE LOOP
    locked_ids := locked_ids || locked_row."id";
    locked_status := locked_status || locked_row."status"::text;
    locked_currency := locked_currency || locked_row."currency"::text;
    locked_balance := locked_balance || locked_row."balance_centimes"::bigint;
  END LOOP;
END
$$;
