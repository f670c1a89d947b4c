CREATE OR REPLACE FUNCTION "ledger_post_movements"(p_items jsonb)
RETURNS TABLE ("out_index" integer, "out_outcome" text, "out_status" integer, "out_body" text, "out_detail" text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  -- Every item as sent, then those the drawers' gate let through (the function's items) and their positions.
  sent "ledger_batch_item"[];
  sent_count integer;
  positions integer[];
  drawer_users uuid[];
  drawer_opened timestamptz[];
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
  key_first integer[] := '{}';
  claimed text[];
  -- Per item, read once for the batch: the holder check, the fee-band check, the record's accounts.
  holder_ok boolean[];
  fee_check text[];
  item_account uuid[];
  item_sender uuid[];
  item_recipient uuid[];
  -- The transaction numbers already taken, then also those of the items posted so far.
  taken_numbers text[];
  posted_count integer := 0;
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
  -- The fee version in force for each banded type of the posted items (0014's pin), read once for the batch.
  version_types text[];
  version_numbers integer[];
BEGIN
  sent := ARRAY(SELECT x FROM jsonb_populate_recordset(NULL::"ledger_batch_item", p_items) AS x);
  sent_count := coalesce(array_length(sent, 1), 0);
  -- The drawers' gate (decision 149), first, as the statement around 0016's call did: the open drawers of the
  -- cash items' tellers are locked FOR SHARE; a cash item goes on if its teller's drawer is open and was opened
  -- by its time, or if its key is stored already (to be answered as the first time); the others are answered
  -- 'drawer-closed', and nothing of theirs is written.
  IF EXISTS (SELECT 1 FROM unnest(sent) AS x WHERE x."cash_drawer") THEN
    SELECT coalesce(array_agg(d."user_id"), '{}'), coalesce(array_agg(d."opened_at"), '{}')
      INTO drawer_users, drawer_opened
      FROM (SELECT s."user_id", s."opened_at" FROM "drawer_sessions" AS s
        WHERE s."user_id" = ANY (ARRAY(SELECT DISTINCT x."created_by_user_id" FROM unnest(sent) AS x
            WHERE x."cash_drawer"))
          AND s."closed_at" IS NULL
        FOR SHARE) AS d;
    positions := ARRAY(SELECT x.ordinality::integer FROM unnest(sent) WITH ORDINALITY AS x
      WHERE NOT coalesce(x."cash_drawer", false)
        OR EXISTS (SELECT 1 FROM unnest(drawer_users, drawer_opened) AS d(user_id, opened_at)
          WHERE d.user_id = x."created_by_user_id" AND d.opened_at <= x."at")
        OR (x."key" IS NOT NULL AND EXISTS (SELECT 1 FROM "idempotency_keys" AS ik
          WHERE ik."user_id" = x."user_id" AND ik."route" = x."route" AND ik."key" = x."key"))
      ORDER BY x.ordinality);
    items := ARRAY(SELECT sent[p.v] FROM unnest(positions) WITH ORDINALITY AS p(v, o) ORDER BY p.o);
    RETURN QUERY SELECT x.ordinality::integer, 'drawer-closed'::text, NULL::integer, NULL::text, NULL::text
      FROM generate_series(1, sent_count) WITH ORDINALITY AS x
      WHERE x.ordinality::integer <> ALL (positions);
  ELSE
    items := sent;
  END IF;
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
  -- it ends, then (READ COMMITTED: each statement sees what committed before it) its answer is read. One
  -- insert claims the new ones, in that order, each with the answer its first item stores if it posts.
  FOR claim IN SELECT DISTINCT ON (x."user_id", x."route", x."key") x."user_id", x."route", x."key",
        x.ordinality::integer AS first_item
      FROM unnest(items) WITH ORDINALITY AS x
      WHERE x."key" IS NOT NULL
      ORDER BY x."user_id", x."route", x."key", x.ordinality LOOP
    key_texts := key_texts || (claim."user_id"::text || chr(1) || claim."route" || chr(1) || claim."key");
    key_users := key_users || claim."user_id";
    key_routes := key_routes || claim."route";
    key_keys := key_keys || claim."key";
    key_first := key_first || claim.first_item;
    key_state := key_state || NULL::text;
    key_hash := key_hash || NULL::text;
    key_status := key_status || NULL::integer;
    key_body := key_body || NULL::text;
    key_owner := key_owner || NULL::integer;
  END LOOP;
  IF array_length(key_first, 1) > 0 THEN
    WITH inserted AS (
      INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
          "response_body", "created_at")
        SELECT (items[c.f])."user_id", (items[c.f])."route", (items[c.f])."key", (items[c.f])."request_hash", 201,
            coalesce((items[c.f])."body", ''), (items[c.f])."at"
          FROM unnest(key_first) WITH ORDINALITY AS c(f, o)
          ORDER BY c.o
        ON CONFLICT DO NOTHING
        RETURNING "user_id"::text || chr(1) || "route" || chr(1) || "key" AS t)
    SELECT coalesce(array_agg(inserted.t), '{}') INTO claimed FROM inserted;
    FOR k IN 1 .. array_length(key_first, 1) LOOP
      IF key_texts[k] = ANY (claimed) THEN
        key_state[k] := 'claimed';
        CONTINUE;
      END IF;
      it := items[key_first[k]];
      LOOP
        SELECT ik."request_hash", ik."response_status", ik."response_body" INTO stored
          FROM "idempotency_keys" AS ik
          WHERE ik."user_id" = it."user_id" AND ik."route" = it."route" AND ik."key" = it."key";
        IF FOUND THEN
          key_state[k] := 'stored';
          key_hash[k] := stored."request_hash";
          key_status[k] := stored."response_status";
          key_body[k] := stored."response_body";
          EXIT;
        END IF;
        -- Pruned since the insert: this one claims it.
        INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
            "response_body", "created_at")
          VALUES (it."user_id", it."route", it."key", it."request_hash", 201, coalesce(it."body", ''), it."at")
          ON CONFLICT DO NOTHING;
        IF FOUND THEN
          key_state[k] := 'claimed';
          EXIT;
        END IF;
      END LOOP;
    END LOOP;
  END IF;

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

  -- Read once for the batch, once its rows are locked, where 0008 read them item by item (the batch writes
  -- none of these): the holder checks, the fee-band checks (the bands in force, read once: the version in
  -- force is pinned here, after the locks, as in 0008), the transaction numbers already taken.
  -- Per item, by the holders' key (a lateral lookup, never a hash of every holder: the plan is kept for the
  -- connection's life, whatever the table's size).
  -- One statement for the three (0016 ran one each). The holder, per item by the holders' key (a lateral
  -- lookup, never a hash of every holder: the plan is kept for the connection's life, whatever the table's size).
  WITH bands AS MATERIALIZED (
      SELECT f."id", f."type", f."min_amount_centimes" AS lo, f."max_amount_centimes" AS hi,
          f."fee_centimes" AS fee, f."agent_share_centimes" AS share
        FROM (SELECT DISTINCT y."fee_type" AS "type" FROM unnest(items) AS y WHERE y."fee_type" IS NOT NULL) AS t
          CROSS JOIN LATERAL (SELECT "fee_version_in_force"(t."type") AS "id") AS p
          JOIN "fee_bands" AS f ON f."version_id" = p."id" AND f."type" = t."type"),
    checked AS (
      SELECT x.ordinality AS o,
          x."holder_number" IS NULL OR EXISTS (
            SELECT 1 FROM "account_holders" AS h JOIN "persons" AS p ON p."id" = h."person_id"
            WHERE h."account_id" = number_ids[array_position(number_list, x."holder_number")]
              AND p."id_document_type" = x."document_type"
              AND upper(p."id_document_number") = upper(x."document_number")) AS holder,
          CASE
            WHEN x."fee_type" IS NULL THEN NULL
            WHEN x."band_id" IS NULL THEN
              CASE WHEN EXISTS (SELECT 1 FROM bands AS f WHERE f."type" = x."fee_type"
                  AND f.lo <= x."amount" AND x."amount" <= f.hi) THEN 'stale-fees' ELSE 'deferred' END
            WHEN NOT EXISTS (SELECT 1 FROM bands AS f WHERE f."id" = x."band_id" AND f."type" = x."fee_type"
                  AND f.lo = x."band_min" AND f.hi = x."band_max" AND f.fee = x."fee" AND f.share = x."share")
              OR EXISTS (SELECT 1 FROM bands AS f WHERE f."type" = x."fee_type" AND f.lo < x."band_min"
                  AND f.lo <= x."amount" AND x."amount" <= f.hi) THEN 'stale-fees'
            ELSE NULL END AS fee,
          (SELECT t."transaction_number" FROM "transactions" AS t
            WHERE t."transaction_number" = x."transaction_number" LIMIT 1) AS taken
        FROM unnest(items) WITH ORDINALITY AS x)
  SELECT coalesce(array_agg(c.holder ORDER BY c.o), '{}'), coalesce(array_agg(c.fee ORDER BY c.o), '{}'),
      coalesce(array_agg(c.taken) FILTER (WHERE c.taken IS NOT NULL), '{}')
    INTO holder_ok, fee_check, taken_numbers
    FROM checked AS c;
  item_account := array_fill(NULL::uuid, ARRAY[n]);
  item_sender := array_fill(NULL::uuid, ARRAY[n]);
  item_recipient := array_fill(NULL::uuid, ARRAY[n]);

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
    IF NOT holder_ok[i] THEN
      outcome[i] := 'refused';
      detail[i] := 'NotAccountHolder';
      CONTINUE item_loop;
    END IF;
    IF it."deferred_check" THEN
      outcome[i] := 'deferred';
      CONTINUE item_loop;
    END IF;
    IF fee_check[i] IS NOT NULL THEN
      outcome[i] := fee_check[i];
      CONTINUE item_loop;
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
    -- A number taken (before the batch, or by an earlier item of it) posts nothing; the row is written at the end.
    IF it."transaction_number" = ANY (taken_numbers) THEN
      outcome[i] := 'number-taken';
      CONTINUE item_loop;
    END IF;
    taken_numbers := taken_numbers || it."transaction_number";
    posted_count := posted_count + 1;
    item_account[i] := account_slot;
    item_sender[i] := sender_slot;
    item_recipient[i] := recipient_slot;
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

  -- The transaction rows of the posted items, in batch order. A number committed by another batch since it
  -- was read above: the unique index refuses the row (23505), the batch fails whole and its items are then
  -- posted one by one (decision 142), as the ON CONFLICT and count of 0008–0019 made it (a serialization
  -- failure); a plain insert spares each row the arbiter index's probe and the speculative insertion.
  IF posted_count > 0 THEN
    -- The version each row records (0013, 0014), once per type: the row trigger then finds it already there.
    -- The call sits in a scalar subquery, evaluated once per type (in the WHERE it would be called once per
    -- row of fee_versions, every version of every type).
    SELECT coalesce(array_agg(d."type"), '{}'),
        coalesce(array_agg((SELECT v."number" FROM "fee_versions" AS v
          WHERE v."id" = (SELECT "fee_version_in_force"(d."type")))), '{}')
      INTO version_types, version_numbers
      FROM (SELECT DISTINCT x."type" FROM unnest(items) WITH ORDINALITY AS x
        WHERE outcome[x.ordinality] = 'posted'
          AND x."type" IN ('deposit', 'withdrawal', 'transfer', 'external_transfer')) AS d;
    INSERT INTO "transactions" ("id", "transaction_number", "type", "status", "amount_centimes", "fee_centimes",
        "agent_share_centimes", "currency", "agent_id", "created_by_user_id", "account_id", "sender_account_id",
        "recipient_account_id", "sender_person_id", "recipient", "party", "related_transaction_id", "created_at",
        "fee_version")
      SELECT x."transaction_id", x."transaction_number", x."type", x."status", x."amount",
          coalesce(x."fee", 0), coalesce(x."share", 0), 'HTG', x."agent_id", x."created_by_user_id",
          item_account[x.ordinality], item_sender[x.ordinality], item_recipient[x.ordinality], x."sender_person_id",
          x."recipient", x."party", x."related_transaction_id", x."at",
          version_numbers[array_position(version_types, x."type")]
        FROM unnest(items) WITH ORDINALITY AS x
        WHERE outcome[x.ordinality] = 'posted'
        ORDER BY x.ordinality;
  END IF;

  -- The entries of every posted item, in ascending account order: the commit-time trigger of 0002 then
  -- locks the system rows in ascending id order, as every other movement does.
  INSERT INTO "entries" ("transaction_id", "account_id", "amount_centimes", "created_at")
    SELECT items[flat_item[g.f]]."transaction_id", flat_account[g.f], flat_delta[g.f], items[flat_item[g.f]]."at"
    FROM generate_subscripts(flat_item, 1) AS g(f)
    WHERE outcome[flat_item[g.f]] = 'posted'
    ORDER BY flat_account[g.f], flat_item[g.f];
  -- The rows changed, each found by its key (= ANY: an index scan of the primary key), never a hash join
  -- over every account, which the plan kept for the connection chose at a few thousand accounts (0015:
  -- a scan of the whole table at every batch, longer as accounts are opened).
  UPDATE "accounts" AS a SET "balance_centimes" = locked_balance[array_position(locked_ids, a."id")],
      "updated_at" = locked_at[array_position(locked_ids, a."id")]
    WHERE a."id" = ANY (ARRAY(SELECT x.id FROM unnest(locked_ids, locked_at) AS x(id, at) WHERE x.at IS NOT NULL));

  -- The keys' answers: a key whose first item posted holds it since its claim; one that a later item posted
  -- gets that item's; the claims of the keys nothing posted are undone, all by one statement.
  FOR k IN 1 .. coalesce(array_length(key_texts, 1), 0) LOOP
    IF key_state[k] = 'posted' AND key_owner[k] <> key_first[k] THEN
      it := items[key_owner[k]];
      UPDATE "idempotency_keys" AS ik
        SET "request_hash" = it."request_hash", "response_status" = 201, "response_body" = it."body"
        WHERE ik."user_id" = it."user_id" AND ik."route" = it."route" AND ik."key" = it."key";
    END IF;
  END LOOP;
  IF 'claimed' = ANY (key_state) THEN
    DELETE FROM "idempotency_keys" AS ik
      USING unnest(key_users, key_routes, key_keys, key_state) AS c(user_id, route, key, state)
      WHERE c.state = 'claimed' AND ik."user_id" = c.user_id AND ik."route" = c.route AND ik."key" = c.key;
  END IF;

  RETURN QUERY SELECT coalesce(positions[r.s], r.s)::integer, outcome[r.s], answer_status[r.s], answer_body[r.s],
      detail[r.s]
    FROM generate_series(1, n) AS r(s) ORDER BY r.s;
END
$$;
