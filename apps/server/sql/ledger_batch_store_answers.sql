CREATE OR REPLACE FUNCTION "ledger_batch_store_answers"(p_items "ledger_batch_item"[], p_key_first integer[],
  p_key_state text[], p_key_owner integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  it "ledger_batch_item";
  k integer;
BEGIN
  -- A key whose first item posted holds its answer since its claim; one that a later item posted gets that
  -- item's; the claims of the keys nothing posted are undone, all by one statement.
  FOR k IN 1 .. coalesce(array_length(p_key_first, 1), 0) LOOP
    IF p_key_state[k] = 'posted' AND p_key_owner[k] <> p_key_first[k] THEN
      it := p_items[p_key_owner[k]];
      UPDATE "idempotency_keys" AS ik
        SET "request_hash" = it."request_hash", "response_status" = 201, "response_body" = it."body"
        WHERE ik."user_id" = it."user_id" AND ik."route" = it."route" AND ik."key" = it."key";
    END IF;
  END LOOP;
  IF 'claimed' = ANY (p_key_state) THEN
    DELETE FROM "idempotency_keys" AS ik
      USING unnest(p_key_first, p_key_state) AS c(f, state)
      WHERE c.state = 'claimed' AND ik."user_id" = (p_items[c.f])."user_id"
        AND ik."route" = (p_items[c.f])."route" AND ik."key" = (p_items[c.f])."key";
  END IF;
END
$$;
