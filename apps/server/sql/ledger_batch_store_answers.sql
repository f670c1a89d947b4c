CREATE OR REPLACE FUNCTION "ledger_batch_store_answers"(p_items "ledger_batch_item"[], p_keys "ledger_batch_key"[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  it "ledger_batch_item";
  k integer;
BEGIN
  -- A key whose first item posted holds its answer since its claim; one that a later item posted gets that
  -- item's; the claims of the keys nothing posted are undone, all by one statement.
  FOR k IN 1 .. cardinality(p_keys) LOOP
    IF p_keys[k].state = 'posted' AND p_keys[k].owner <> p_keys[k].first_item THEN
      it := p_items[p_keys[k].owner];
      UPDATE "idempotency_keys" AS ik
        SET "request_hash" = it."request_hash", "response_status" = 201, "response_body" = it."body"
        WHERE ik."user_id" = it."user_id" AND ik."route" = it."route" AND ik."key" = it."key";
    END IF;
  END LOOP;
  IF EXISTS (SELECT 1 FROM unnest(p_keys) AS c WHERE c.state = 'claimed') THEN
    DELETE FROM "idempotency_keys" AS ik
      USING unnest(p_keys) AS c
      WHERE c.state = 'claimed' AND ik."user_id" = (p_items[c.first_item])."user_id"
        AND ik."route" = (p_items[c.first_item])."route" AND ik."key" = (p_items[c.first_item])."key";
  END IF;
END
$$;
