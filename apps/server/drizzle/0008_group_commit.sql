-- Group commit (issue 14, item 2; docs/decisions/142-group-commit.md): many movements of
-- `ledger_post_movement` (migration 0007) posted by ONE statement in ONE transaction. Each item gets its own
-- outcome, and a refused item aborts nothing and costs no subtransaction: every check runs before the item
-- writes anything, and an item writes only its transaction row (whose number may be taken: then it is not
-- posted) before the batch writes the entries, the balances and the answers of all posted items at the end.
--
-- Locks, in one global order for every batch (so two batches, in one process or two, never deadlock, and a
-- batch never deadlocks with one call of 0007): the idempotency keys of the batch, distinct, sorted; then
-- every customer and float row the batch names, in ascending id order (`FOR NO KEY UPDATE`); the system rows
-- stay with the commit-time trigger of 0002, taken in entry order, and the entries are written in ascending
-- account order. Balances change as items post, in batch order: an item sees the items before it.
--
-- An item is a JSON object with the fields of the type below (the parameters of 0007 without `p_`).
-- Outcomes: 'posted' (status 201, the item's body), 'replayed' (the stored status and body; the same key
-- earlier in the batch counts as stored), 'refused' (detail: the refusal's name, then a space and the input
-- field, if any; as 0007's LJ100 message), 'stale-fees' (0007's LJ101), 'number-taken' (LJ102), 'deferred'
-- (LJ103). An item not posted stores no key: its claim is deleted at the end, unless a later item of the
-- batch with the same key posted.
CREATE TYPE "ledger_batch_item" AS (
  "user_id" uuid, "route" text, "key" text, "request_hash" text,
  "at" timestamptz,
  "numbers" text[], "number_fields" text[], "holder_number" text, "document_type" text, "document_number" text,
  "deferred_check" boolean,
  "fee_type" text, "amount" bigint, "band_id" uuid, "band_min" bigint, "band_max" bigint,
  "fee" bigint, "share" bigint,
  "entry_refs" text[], "entry_amounts" bigint[],
  "transaction_id" uuid, "transaction_number" text, "type" text, "status" text,
  "agent_id" uuid, "created_by_user_id" uuid,
  "account_ref" text, "sender_ref" text, "recipient_ref" text, "sender_person_id" uuid,
  "recipient" jsonb, "party" jsonb, "related_transaction_id" uuid,
  "body" text
);--> statement-breakpoint
CREATE FUNCTION "ledger_post_movements"(p_items jsonb)
RETURNS TABLE ("out_index" integer, "out_outcome" text, "out_status" integer, "out_body" text, "out_detail" text)
LANGUAGE plpgsql AS $$
DECLARE
  items "ledger_batch_item"[];
  it "ledger_batch_item";
  n integer;
  i integer;
  j integer;
  k integer;
  slot integer;
  found_id uuid;
  stored record;
  claim record;
  -- Per item: its outcome.
  outcome text[];
  answer_status integer[];
  answer_body text[];
  detail text[];
  -- The distinct keys of the batch: their text, and what a later item with that key gets.
  key_of text[];
  key_texts text[] := '{}';
  key_users uuid[] := '{}';
  key_routes text[] := '{}';
  key_keys text[] := '{}';
  key_state text[] := '{}';
  key_hash text[] := '{}';
  key_status integer[] := '{}';
  key_body text[] := '{}';
  key_owner integer[] := '{}';
  -- The customer accounts named by number, resolved once for the whole batch.
  number_list text[];
  number_ids uuid[];
  -- Every (item, account, delta) of the batch, per item in ascending account order, zeros dropped.
  flat_item integer[];
  flat_account uuid[];
  flat_delta bigint[];
  first_flat integer[];
  last_flat integer[];
  -- The customer and float rows, locked, as the batch changes them.
  locked_ids uuid[] := '{}';
  locked_status text[] := '{}';
  locked_currency text[] := '{}';
  locked_balance bigint[] := '{}';
  locked_at timestamptz[] := '{}';
  locked_row record;
  refusal text;
  account_slot uuid;
  sender_slot uuid;
  recipient_slot uuid;
BEGIN
  items := ARRAY(SELECT x FROM jsonb_populate_recordset(NULL::"ledger_batch_item", p_items) AS x);
  n := coalesce(array_length(items, 1), 0);
  outcome := array_fill(NULL::text, ARRAY[n]);
  answer_status := array_fill(NULL::integer, ARRAY[n]);
  answer_body := array_fill(NULL::text, ARRAY[n]);
  detail := array_fill(NULL::text, ARRAY[n]);
  key_of := array_fill(NULL::text, ARRAY[n]);
  IF n = 0 THEN
    RETURN;
  END IF;
  FOR i IN 1 .. n LOOP
    IF items[i]."key" IS NOT NULL THEN
      key_of[i] := items[i]."user_id"::text || chr(1) || items[i]."route" || chr(1) || items[i]."key";
    END IF;
  END LOOP;

  -- The keys first, distinct and sorted: a concurrent request with one of them holds the batch here until
  -- it ends, then (READ COMMITTED: each statement sees what committed before it) its answer is read.
  FOR claim IN SELECT DISTINCT ON (x."user_id", x."route", x."key") x."user_id", x."route", x."key",
        x."request_hash", x."at"
      FROM unnest(items) WITH ORDINALITY AS x
      WHERE x."key" IS NOT NULL
      ORDER BY x."user_id", x."route", x."key", x.ordinality LOOP
    key_texts := key_texts || (claim."user_id"::text || chr(1) || claim."route" || chr(1) || claim."key");
    key_users := key_users || claim."user_id";
    key_routes := key_routes || claim."route";
    key_keys := key_keys || claim."key";
    LOOP
      INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
          "response_body", "created_at")
        VALUES (claim."user_id", claim."route", claim."key", claim."request_hash", 0, '', claim."at")
        ON CONFLICT DO NOTHING;
      IF FOUND THEN
        key_state := key_state || 'claimed'::text;
        key_hash := key_hash || NULL::text;
        key_status := key_status || NULL::integer;
        key_body := key_body || NULL::text;
        EXIT;
      END IF;
      SELECT ik."request_hash", ik."response_status", ik."response_body" INTO stored FROM "idempotency_keys" AS ik
        WHERE ik."user_id" = claim."user_id" AND ik."route" = claim."route" AND ik."key" = claim."key";
      -- Not found: pruned since the insert; the next insert claims it.
      IF FOUND THEN
        key_state := key_state || 'stored'::text;
        key_hash := key_hash || stored."request_hash";
        key_status := key_status || stored."response_status";
        key_body := key_body || stored."response_body";
        EXIT;
      END IF;
    END LOOP;
    key_owner := key_owner || NULL::integer;
  END LOOP;

  -- The customer accounts the batch names by number (float and system accounts have no number here).
  SELECT coalesce(array_agg(a."account_number"), '{}'), coalesce(array_agg(a."id"), '{}')
    INTO number_list, number_ids
    FROM "accounts" AS a
    WHERE a."account_number" = ANY (ARRAY(SELECT DISTINCT u FROM unnest(items) AS x, unnest(x."numbers") AS u))
      AND a."kind" = 'customer';

  -- Each item's entries per account ('#number': a customer account named above; unresolved: the item is
  -- refused before its entries matter), zeros dropped, in ascending account order.
  SELECT coalesce(array_agg(g.idx ORDER BY g.idx, g.account_id), '{}'),
      coalesce(array_agg(g.account_id ORDER BY g.idx, g.account_id), '{}'),
      coalesce(array_agg(g.delta ORDER BY g.idx, g.account_id), '{}')
    INTO flat_item, flat_account, flat_delta
    FROM (SELECT x.ordinality::integer AS idx,
            CASE WHEN e.r LIKE '#%' THEN number_ids[array_position(number_list, substr(e.r, 2))]
              ELSE e.r::uuid END AS account_id,
            sum(e.amount)::bigint AS delta
          FROM unnest(items) WITH ORDINALITY AS x, unnest(x."entry_refs", x."entry_amounts") AS e(r, amount)
          GROUP BY 1, 2) AS g
    WHERE g.delta <> 0 AND g.account_id IS NOT NULL;
  first_flat := array_fill(NULL::integer, ARRAY[n]);
  last_flat := array_fill(NULL::integer, ARRAY[n]);
  FOR j IN 1 .. coalesce(array_length(flat_item, 1), 0) LOOP
    IF first_flat[flat_item[j]] IS NULL THEN
      first_flat[flat_item[j]] := j;
    END IF;
    last_flat[flat_item[j]] := j;
  END LOOP;

  -- Every customer and float row of the batch, locked in ascending id order, each read as it is once locked.
  FOR locked_row IN SELECT a."id", a."status", a."currency", a."balance_centimes" FROM "accounts" AS a
      WHERE a."id" = ANY (flat_account) AND a."kind" <> 'system' ORDER BY a."id" FOR NO KEY UPDATE LOOP
    locked_ids := locked_ids || locked_row."id";
    locked_status := locked_status || locked_row."status"::text;
    locked_currency := locked_currency || locked_row."currency"::text;
    locked_balance := locked_balance || locked_row."balance_centimes"::bigint;
    locked_at := locked_at || NULL::timestamptz;
  END LOOP;

  <<item_loop>>
  FOR i IN 1 .. n LOOP
    it := items[i];
    -- A key already answered (before the batch, or by an earlier item of it): that answer, or a conflict.
    IF key_of[i] IS NOT NULL THEN
      k := array_position(key_texts, key_of[i]);
      IF key_state[k] IN ('stored', 'posted') THEN
        IF key_hash[k] <> it."request_hash" THEN
          outcome[i] := 'refused';
          detail[i] := 'IdempotencyConflict';
        ELSE
          outcome[i] := 'replayed';
          answer_status[i] := key_status[k];
          answer_body[i] := key_body[k];
        END IF;
        CONTINUE item_loop;
      END IF;
    END IF;

    -- The checks of 0007, in its order; the first that fails is the item's outcome.
    refusal := NULL;
    FOR k IN 1 .. coalesce(array_length(it."numbers", 1), 0) LOOP
      IF array_position(number_list, it."numbers"[k]) IS NULL THEN
        refusal := 'AccountNotFound ' || it."number_fields"[k];
        EXIT;
      END IF;
    END LOOP;
    IF refusal IS NOT NULL THEN
      outcome[i] := 'refused';
      detail[i] := refusal;
      CONTINUE item_loop;
    END IF;
    IF it."holder_number" IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM "account_holders" AS h JOIN "persons" AS p ON p."id" = h."person_id"
        WHERE h."account_id" = number_ids[array_position(number_list, it."holder_number")]
          AND p."id_document_type" = it."document_type"
          AND upper(p."id_document_number") = upper(it."document_number")) THEN
      outcome[i] := 'refused';
      detail[i] := 'NotAccountHolder';
      CONTINUE item_loop;
    END IF;
    IF it."deferred_check" THEN
      outcome[i] := 'deferred';
      CONTINUE item_loop;
    END IF;
    IF it."fee_type" IS NOT NULL THEN
      IF it."band_id" IS NULL THEN
        IF EXISTS (SELECT 1 FROM "fee_schedule" AS f WHERE f."type" = it."fee_type"
            AND f."min_amount_centimes" <= it."amount" AND it."amount" <= f."max_amount_centimes") THEN
          outcome[i] := 'stale-fees';
        ELSE
          outcome[i] := 'deferred';
        END IF;
        CONTINUE item_loop;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM "fee_schedule" AS f WHERE f."id" = it."band_id" AND f."type" = it."fee_type"
            AND f."min_amount_centimes" = it."band_min" AND f."max_amount_centimes" = it."band_max"
            AND f."fee_centimes" = it."fee" AND f."agent_share_centimes" = it."share")
          OR EXISTS (SELECT 1 FROM "fee_schedule" AS f WHERE f."type" = it."fee_type"
            AND f."min_amount_centimes" < it."band_min"
            AND f."min_amount_centimes" <= it."amount" AND it."amount" <= f."max_amount_centimes") THEN
        outcome[i] := 'stale-fees';
        CONTINUE item_loop;
      END IF;
    END IF;

    -- The locked rows as the items before this one left them: not active, then currency, then funds,
    -- each over every account (ascending id) before the next.
    IF first_flat[i] IS NOT NULL THEN
      FOR j IN first_flat[i] .. last_flat[i] LOOP
        slot := array_position(locked_ids, flat_account[j]);
        IF slot IS NOT NULL AND locked_status[slot] <> 'active' THEN
          refusal := 'AccountNotActive';
          found_id := flat_account[j];
          EXIT;
        END IF;
      END LOOP;
      IF refusal IS NULL THEN
        FOR j IN first_flat[i] .. last_flat[i] LOOP
          slot := array_position(locked_ids, flat_account[j]);
          IF slot IS NOT NULL AND locked_currency[slot] <> 'HTG' THEN
            refusal := 'CurrencyMismatch';
            found_id := flat_account[j];
            EXIT;
          END IF;
        END LOOP;
      END IF;
      IF refusal IS NOT NULL THEN
        -- The input field of the account refused, as 0007 names it.
        k := NULL;
        FOR slot IN 1 .. coalesce(array_length(it."numbers", 1), 0) LOOP
          IF number_ids[array_position(number_list, it."numbers"[slot])] = found_id THEN
            k := slot;
            EXIT;
          END IF;
        END LOOP;
        outcome[i] := 'refused';
        detail[i] := rtrim(refusal || ' ' || coalesce(it."number_fields"[k], ''));
        CONTINUE item_loop;
      END IF;
      FOR j IN first_flat[i] .. last_flat[i] LOOP
        slot := array_position(locked_ids, flat_account[j]);
        IF slot IS NOT NULL AND locked_balance[slot] + flat_delta[j] < 0 THEN
          outcome[i] := 'refused';
          detail[i] := 'InsufficientFunds amount';
          CONTINUE item_loop;
        END IF;
      END LOOP;
    END IF;

    -- Every check passed: the transaction row (a number already taken posts nothing), then the item's
    -- changes to the locked rows, seen by the items after it.
    account_slot := CASE WHEN it."account_ref" LIKE '#%'
      THEN number_ids[array_position(number_list, substr(it."account_ref", 2))] ELSE it."account_ref"::uuid END;
    sender_slot := CASE WHEN it."sender_ref" LIKE '#%'
      THEN number_ids[array_position(number_list, substr(it."sender_ref", 2))] ELSE it."sender_ref"::uuid END;
    recipient_slot := CASE WHEN it."recipient_ref" LIKE '#%'
      THEN number_ids[array_position(number_list, substr(it."recipient_ref", 2))]
      ELSE it."recipient_ref"::uuid END;
    INSERT INTO "transactions" ("id", "transaction_number", "type", "status", "amount_centimes", "fee_centimes",
        "agent_share_centimes", "currency", "agent_id", "created_by_user_id", "account_id", "sender_account_id",
        "recipient_account_id", "sender_person_id", "recipient", "party", "related_transaction_id", "created_at")
      VALUES (it."transaction_id", it."transaction_number", it."type", it."status", it."amount",
        coalesce(it."fee", 0), coalesce(it."share", 0), 'HTG', it."agent_id", it."created_by_user_id",
        account_slot, sender_slot, recipient_slot, it."sender_person_id", it."recipient", it."party",
        it."related_transaction_id", it."at")
      ON CONFLICT ("transaction_number") DO NOTHING;
    IF NOT FOUND THEN
      outcome[i] := 'number-taken';
      CONTINUE item_loop;
    END IF;
    IF first_flat[i] IS NOT NULL THEN
      FOR j IN first_flat[i] .. last_flat[i] LOOP
        slot := array_position(locked_ids, flat_account[j]);
        IF slot IS NOT NULL THEN
          locked_balance[slot] := locked_balance[slot] + flat_delta[j];
          locked_at[slot] := it."at";
        END IF;
      END LOOP;
    END IF;
    outcome[i] := 'posted';
    answer_status[i] := 201;
    IF key_of[i] IS NOT NULL THEN
      k := array_position(key_texts, key_of[i]);
      key_state[k] := 'posted';
      key_hash[k] := it."request_hash";
      key_status[k] := 201;
      key_body[k] := it."body";
      key_owner[k] := i;
    END IF;
  END LOOP;

  -- The entries of every posted item, in ascending account order: the commit-time trigger of 0002 then
  -- locks the system rows in ascending id order, as every other movement does.
  INSERT INTO "entries" ("transaction_id", "account_id", "amount_centimes", "created_at")
    SELECT items[flat_item[g.f]]."transaction_id", flat_account[g.f], flat_delta[g.f], items[flat_item[g.f]]."at"
    FROM generate_subscripts(flat_item, 1) AS g(f)
    WHERE outcome[flat_item[g.f]] = 'posted'
    ORDER BY flat_account[g.f], flat_item[g.f];
  UPDATE "accounts" AS a SET "balance_centimes" = x.balance, "updated_at" = x.at
    FROM unnest(locked_ids, locked_balance, locked_at) AS x(id, balance, at)
    WHERE a."id" = x.id AND x.at IS NOT NULL;

  -- The answers of the keys that posted; the claims of the others are undone.
  FOR k IN 1 .. coalesce(array_length(key_texts, 1), 0) LOOP
    IF key_state[k] = 'posted' THEN
      it := items[key_owner[k]];
      UPDATE "idempotency_keys" AS ik
        SET "request_hash" = it."request_hash", "response_status" = 201, "response_body" = it."body"
        WHERE ik."user_id" = it."user_id" AND ik."route" = it."route" AND ik."key" = it."key";
    ELSIF key_state[k] = 'claimed' THEN
      DELETE FROM "idempotency_keys" AS ik
        WHERE ik."user_id" = key_users[k] AND ik."route" = key_routes[k] AND ik."key" = key_keys[k];
    END IF;
  END LOOP;

  RETURN QUERY SELECT r.s::integer, outcome[r.s], answer_status[r.s], answer_body[r.s], detail[r.s]
    FROM generate_series(1, n) AS r(s) ORDER BY r.s;
END
$$;
