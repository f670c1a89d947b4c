CREATE OR REPLACE FUNCTION "ledger_post_movement"(
  p_user_id uuid, p_route text, p_key text, p_request_hash text,
  p_at timestamptz,
  p_numbers text[], p_number_fields text[], p_holder_number text, p_document_type text, p_document_number text,
  p_deferred_check boolean,
  p_fee_type text, p_amount bigint, p_band_id uuid, p_band_min bigint, p_band_max bigint,
  p_fee bigint, p_share bigint,
  p_entry_refs text[], p_entry_amounts bigint[],
  p_transaction_id uuid, p_transaction_number text, p_type text, p_status text,
  p_agent_id uuid, p_created_by_user_id uuid,
  p_account_ref text, p_sender_ref text, p_recipient_ref text, p_sender_person_id uuid,
  p_recipient jsonb, p_party jsonb, p_related_transaction_id uuid,
  p_body text
) RETURNS TABLE ("out_replayed" boolean, "out_status" integer, "out_body" text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  stored record;
  found_id uuid;
  ids uuid[] := '{}';
  account_ids uuid[];
  deltas bigint[];
  locked_ids uuid[] := '{}';
  locked_status text[] := '{}';
  locked_currency text[] := '{}';
  locked_balance bigint[] := '{}';
  locked_row record;
  k integer;
  slot integer;
BEGIN
  -- The key first: a concurrent request with the same key waits here until the first one ends, then
  -- (READ COMMITTED: each statement of this function sees what committed before it) gets its answer.
  IF p_key IS NOT NULL THEN
    LOOP
      INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
          "response_body", "created_at")
        VALUES (p_user_id, p_route, p_key, p_request_hash, 0, '', p_at)
        ON CONFLICT DO NOTHING;
      EXIT WHEN FOUND;
      SELECT ik."request_hash", ik."response_status", ik."response_body" INTO stored FROM "idempotency_keys" AS ik
        WHERE ik."user_id" = p_user_id AND ik."route" = p_route AND ik."key" = p_key;
      -- Not found: pruned since the insert; the next insert claims it.
      IF FOUND THEN
        IF stored."request_hash" <> p_request_hash THEN
          RAISE EXCEPTION 'IdempotencyConflict' USING ERRCODE = 'LJ100';
        END IF;
        RETURN QUERY SELECT true, stored."response_status", stored."response_body";
        RETURN;
      END IF;
    END LOOP;
  END IF;

  -- The customer accounts the request names, in the order their refusals come; float and system
  -- accounts have no number here (DESIGN §4).
  FOR k IN 1 .. coalesce(array_length(p_numbers, 1), 0) LOOP
    SELECT a."id" INTO found_id FROM "accounts" AS a
      WHERE a."account_number" = p_numbers[k] AND a."kind" = 'customer';
    IF NOT FOUND THEN
      RAISE EXCEPTION '%', 'AccountNotFound ' || p_number_fields[k] USING ERRCODE = 'LJ100';
    END IF;
    ids := ids || found_id;
  END LOOP;
  IF p_holder_number IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM "account_holders" AS h JOIN "persons" AS p ON p."id" = h."person_id"
      WHERE h."account_id" = ids[array_position(p_numbers, p_holder_number)]
        AND p."id_document_type" = p_document_type
        AND upper(p."id_document_number") = upper(p_document_number)) THEN
    RAISE EXCEPTION 'NotAccountHolder' USING ERRCODE = 'LJ100';
  END IF;
  IF p_deferred_check THEN
    RAISE EXCEPTION 'deferred check' USING ERRCODE = 'LJ103';
  END IF;

  -- The fee: the caller computed it from its copy of the schedule; that copy must still be the schedule
  -- in force for this amount (the same band, with the same values, and no lower band covering it).
  IF p_fee_type IS NOT NULL THEN
    IF p_band_id IS NULL THEN
      IF EXISTS (SELECT 1 FROM "fee_schedule" AS f WHERE f."type" = p_fee_type
          AND f."min_amount_centimes" <= p_amount AND p_amount <= f."max_amount_centimes") THEN
        RAISE EXCEPTION 'fee schedule changed' USING ERRCODE = 'LJ101';
      END IF;
      RAISE EXCEPTION 'outside every band' USING ERRCODE = 'LJ103';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "fee_schedule" AS f WHERE f."id" = p_band_id AND f."type" = p_fee_type
          AND f."min_amount_centimes" = p_band_min AND f."max_amount_centimes" = p_band_max
          AND f."fee_centimes" = p_fee AND f."agent_share_centimes" = p_share)
        OR EXISTS (SELECT 1 FROM "fee_schedule" AS f WHERE f."type" = p_fee_type
          AND f."min_amount_centimes" < p_band_min
          AND f."min_amount_centimes" <= p_amount AND p_amount <= f."max_amount_centimes") THEN
      RAISE EXCEPTION 'fee schedule changed' USING ERRCODE = 'LJ101';
    END IF;
  END IF;

  -- The entries per account (a '#number' is a customer account named above), zeros dropped, in id order.
  SELECT array_agg(e."account_id" ORDER BY e."account_id"), array_agg(e."delta" ORDER BY e."account_id")
    INTO account_ids, deltas
    FROM (SELECT CASE WHEN r LIKE '#%' THEN ids[array_position(p_numbers, substr(r, 2))] ELSE r::uuid END
            AS "account_id", sum(amount)::bigint AS "delta"
          FROM unnest(p_entry_refs, p_entry_amounts) AS x(r, amount) GROUP BY 1) AS e
    WHERE e."delta" <> 0;

  -- Customer and float rows locked in ascending id order (two movements never deadlock), each read as it
  -- is once locked; the system rows are the commit-time trigger's.
  FOR locked_row IN SELECT a."id", a."status", a."currency", a."balance_centimes" FROM "accounts" AS a
      WHERE a."id" = ANY (account_ids) AND a."kind" <> 'system' ORDER BY a."id" FOR NO KEY UPDATE LOOP
    locked_ids := locked_ids || locked_row."id";
    locked_status := locked_status || locked_row."status"::text;
    locked_currency := locked_currency || locked_row."currency"::text;
    locked_balance := locked_balance || locked_row."balance_centimes"::bigint;
  END LOOP;
  -- The checks of DESIGN §4, each over every account before the next, so that a request refused for two
  -- reasons always gets the same one.
  FOR k IN 1 .. coalesce(array_length(locked_ids, 1), 0) LOOP
    IF locked_status[k] <> 'active' THEN
      slot := array_position(ids, locked_ids[k]);
      RAISE EXCEPTION '%', rtrim('AccountNotActive ' || coalesce(p_number_fields[slot], ''))
        USING ERRCODE = 'LJ100';
    END IF;
  END LOOP;
  FOR k IN 1 .. coalesce(array_length(locked_ids, 1), 0) LOOP
    IF locked_currency[k] <> 'HTG' THEN
      slot := array_position(ids, locked_ids[k]);
      RAISE EXCEPTION '%', rtrim('CurrencyMismatch ' || coalesce(p_number_fields[slot], ''))
        USING ERRCODE = 'LJ100';
    END IF;
  END LOOP;
  FOR k IN 1 .. coalesce(array_length(locked_ids, 1), 0) LOOP
    IF locked_balance[k] + deltas[array_position(account_ids, locked_ids[k])] < 0 THEN
      RAISE EXCEPTION 'InsufficientFunds amount' USING ERRCODE = 'LJ100';
    END IF;
  END LOOP;

  INSERT INTO "transactions" ("id", "transaction_number", "type", "status", "amount_centimes", "fee_centimes",
      "agent_share_centimes", "currency", "agent_id", "created_by_user_id", "account_id", "sender_account_id",
      "recipient_account_id", "sender_person_id", "recipient", "party", "related_transaction_id", "created_at")
    VALUES (p_transaction_id, p_transaction_number, p_type, p_status, p_amount, coalesce(p_fee, 0),
      coalesce(p_share, 0), 'HTG', p_agent_id, p_created_by_user_id,
      CASE WHEN p_account_ref LIKE '#%' THEN ids[array_position(p_numbers, substr(p_account_ref, 2))]
        ELSE p_account_ref::uuid END,
      CASE WHEN p_sender_ref LIKE '#%' THEN ids[array_position(p_numbers, substr(p_sender_ref, 2))]
        ELSE p_sender_ref::uuid END,
      CASE WHEN p_recipient_ref LIKE '#%' THEN ids[array_position(p_numbers, substr(p_recipient_ref, 2))]
        ELSE p_recipient_ref::uuid END,
      p_sender_person_id, p_recipient, p_party, p_related_transaction_id, p_at)
    ON CONFLICT ("transaction_number") DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'transaction number taken' USING ERRCODE = 'LJ102';
  END IF;
  INSERT INTO "entries" ("transaction_id", "account_id", "amount_centimes", "created_at")
    SELECT p_transaction_id, x."account_id", x."delta", p_at
    FROM unnest(account_ids, deltas) WITH ORDINALITY AS x("account_id", "delta", n) ORDER BY x.n;
  UPDATE "accounts" AS a SET "balance_centimes" = a."balance_centimes" + x."delta", "updated_at" = p_at
    FROM unnest(account_ids, deltas) AS x("account_id", "delta")
    WHERE a."id" = x."account_id" AND a."kind" <> 'system';

  IF p_key IS NOT NULL THEN
    UPDATE "idempotency_keys" AS ik SET "response_status" = 201, "response_body" = p_body
      WHERE ik."user_id" = p_user_id AND ik."route" = p_route AND ik."key" = p_key;
  END IF;
  RETURN QUERY SELECT false, 201, NULL::text;
END
$$;
