CREATE OR REPLACE FUNCTION "ledger_post_movements"(p_items jsonb)
RETURNS TABLE ("out_index" integer, "out_outcome" text, "out_status" integer, "out_body" text, "out_detail" text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  -- Every item as sent, then those the drawers' gate let through (the function's items) and their positions.
  sent "ledger_batch_item"[];
  positions integer[];
  items "ledger_batch_item"[];
  it "ledger_batch_item";
  n integer;
  i integer;
  j integer;
  k integer;
  slot integer;
  -- Per item: its outcome, its answer, the detail of a refusal; and the position of its key, if any.
  outcome text[];
  answer_status integer[];
  answer_body text[];
  detail text[];
  key_at integer[];
  -- The distinct keys of the batch (`ledger_batch_claim_keys`), each with its answer and the item that posted it.
  keys "ledger_batch_key"[];
  -- The accounts named by number; every (item, account, delta), per item first_flat..last_flat.
  number_list text[];
  number_ids uuid[];
  flat_item integer[];
  flat_account uuid[];
  flat_delta bigint[];
  first_flat integer[];
  last_flat integer[];
  -- The customer and float rows, locked, as the batch changes them.
  locked_ids uuid[];
  locked_status text[];
  locked_currency text[];
  locked_balance bigint[];
  locked_at timestamptz[];
  -- Per item, the outcome of the checks that do not depend on the items before it; the numbers taken.
  check_outcome text[];
  check_detail text[];
  taken_numbers text[];
  -- The customer's limits (`ledger_batch_limits`, decision 227): whom each item counts (pairs of an item and a
  -- slot), per item its per-operation limit, a slot per person, category and day, as the batch changes it.
  pair_item integer[];
  pair_slot integer[];
  per_operation bigint[];
  slots "ledger_limit_slot"[];
BEGIN
  -- The drawers' gate first (decision 149): a cash item it holds back is answered 'drawer-closed', unwritten.
  sent := ARRAY(SELECT x FROM jsonb_populate_recordset(NULL::"ledger_batch_item", p_items) AS x);
  IF EXISTS (SELECT 1 FROM unnest(sent) AS x WHERE x."cash_drawer") THEN
    positions := ledger_batch_gate(sent);
    items := ARRAY(SELECT sent[p.v] FROM unnest(positions) WITH ORDINALITY AS p(v, o) ORDER BY p.o);
    RETURN QUERY SELECT x.ordinality::integer, 'drawer-closed'::text, NULL::integer, NULL::text, NULL::text
      FROM generate_series(1, coalesce(array_length(sent, 1), 0)) WITH ORDINALITY AS x
      WHERE x.ordinality::integer <> ALL (positions);
  ELSE
    items := sent;
  END IF;
  n := coalesce(array_length(items, 1), 0);
  IF n = 0 THEN
    RETURN;
  END IF;
  outcome := array_fill(NULL::text, ARRAY[n]);
  answer_status := array_fill(NULL::integer, ARRAY[n]);
  answer_body := outcome;
  detail := outcome;

  -- The keys, then the accounts: resolved, locked in ascending id order, checked.
  keys := ledger_batch_claim_keys(items);
  -- A join, not a lookup per item: that was quadratic in the batch's size (decision 222).
  key_at := ARRAY(SELECT c.ordinality::integer FROM unnest(items) WITH ORDINALITY AS x
      LEFT JOIN unnest(keys) WITH ORDINALITY AS c
        ON c.key_text = x."user_id"::text || chr(1) || x."route" || chr(1) || x."key"
    ORDER BY x.ordinality);
  SELECT * INTO number_list, number_ids, flat_item, flat_account, flat_delta, first_flat, last_flat
    FROM ledger_batch_entries(items);
  SELECT * INTO locked_ids, locked_status, locked_currency, locked_balance FROM ledger_batch_lock(flat_account);
  locked_at := array_fill(NULL::timestamptz, ARRAY[coalesce(array_length(locked_ids, 1), 0)]);
  SELECT * INTO check_outcome, check_detail, taken_numbers FROM ledger_batch_checks(items, number_list, number_ids,
    flat_account, first_flat, last_flat, locked_ids, locked_status, locked_currency);
  SELECT * INTO pair_item, pair_slot, per_operation, slots FROM ledger_batch_limits(items, number_list, number_ids);

  -- Item by item, in batch order: what depends on the items before it.
  <<item_loop>>
  FOR i IN 1 .. n LOOP
    it := items[i];
    k := key_at[i];
    -- A key already answered (before the batch, or by an earlier item of it): that answer, or a conflict.
    IF keys[k].state IN ('stored', 'posted') THEN
      IF keys[k].hash <> it."request_hash" THEN
        outcome[i] := 'refused';
        detail[i] := 'IdempotencyConflict';
      ELSE
        outcome[i] := 'replayed';
        answer_status[i] := keys[k].status;
        answer_body[i] := keys[k].body;
      END IF;
      CONTINUE item_loop;
    END IF;
    IF check_outcome[i] IS NOT NULL THEN
      outcome[i] := check_outcome[i];
      detail[i] := check_detail[i];
      CONTINUE item_loop;
    END IF;
    -- The funds, as the items before this one left the locked rows.
    IF first_flat[i] IS NOT NULL THEN
      FOR j IN first_flat[i] .. last_flat[i] LOOP
        slot := array_position(locked_ids, flat_account[j]);
        IF slot IS NOT NULL AND locked_balance[slot] + flat_delta[j] < 0 THEN
          outcome[i] := 'refused';
          detail[i] := 'InsufficientFunds amount';
          CONTINUE item_loop;
        END IF;
      END LOOP;
    END IF;
    -- The customer's limits, as the items before this one left the counts; a reversal gives back, unchecked.
    IF per_operation[i] IS NOT NULL AND it."limit_amount" IS NULL THEN
      detail[i] := ledger_limit_refusal(i, it."amount", per_operation[i], pair_item, pair_slot, slots);
      IF detail[i] IS NOT NULL THEN
        outcome[i] := 'refused';
        CONTINUE item_loop;
      END IF;
    END IF;
    -- A number taken (before the batch, or by an earlier item of it) posts nothing.
    IF it."transaction_number" = ANY (taken_numbers) THEN
      outcome[i] := 'number-taken';
      CONTINUE item_loop;
    END IF;
    -- Posted: its changes to the locked rows, seen by the items after it; its rows are written at the end.
    taken_numbers := taken_numbers || it."transaction_number";
    IF first_flat[i] IS NOT NULL THEN
      FOR j IN first_flat[i] .. last_flat[i] LOOP
        slot := array_position(locked_ids, flat_account[j]);
        IF slot IS NOT NULL THEN
          locked_balance[slot] := locked_balance[slot] + flat_delta[j];
          locked_at[slot] := it."at";
        END IF;
      END LOOP;
    END IF;
    FOR j IN SELECT p.s FROM unnest(pair_item, pair_slot) AS p(item, s) WHERE p.item = i LOOP
      slots[j].added := greatest(slots[j].added + coalesce(it."limit_amount", it."amount"), -slots[j].total);
    END LOOP;
    outcome[i] := 'posted';
    answer_status[i] := 201;
    IF k IS NOT NULL THEN
      keys[k] := ROW(keys[k].key_text, keys[k].first_item, 'posted', it."request_hash", 201, it."body", i);
    END IF;
  END LOOP;

  PERFORM ledger_batch_write(items, outcome, number_list, number_ids, flat_item, flat_account, flat_delta,
    locked_ids, locked_balance, locked_at);
  PERFORM ledger_batch_sms(items, outcome, flat_item, flat_account, flat_delta, locked_ids, locked_balance);
  UPDATE "person_limit_days" AS d SET "total_centimes" = d."total_centimes" + s.added FROM unnest(slots) AS s
    WHERE s.added <> 0 AND d."person_id" = s.person AND d."category" = s.category AND d."day" = s.day;
  PERFORM ledger_batch_store_answers(items, keys);
  RETURN QUERY SELECT coalesce(positions[r.s], r.s)::integer, outcome[r.s], answer_status[r.s], answer_body[r.s],
      detail[r.s]
    FROM generate_series(1, n) AS r(s) ORDER BY r.s;
END
$$;
