CREATE OR REPLACE FUNCTION "ledger_batch_checks"(p_items "ledger_batch_item"[],
  p_numbers text[], p_ids uuid[], p_flat_account uuid[], p_first_flat integer[], p_last_flat integer[],
  p_locked_ids uuid[], p_locked_status text[], p_locked_currency text[],
  OUT check_outcome text[], OUT check_detail text[], OUT taken_numbers text[])
LANGUAGE plpgsql AS $$
DECLARE
  it "ledger_batch_item";
  holder_ok boolean[];
  fee_check text[];
  refusal text;
  found_id uuid;
  i integer;
  j integer;
  k integer;
  slot integer;
BEGIN
  -- Read once for the batch, once its rows are locked (the batch writes none of these), in one statement:
  -- the holder checks (a lateral lookup by the holders' key, whatever the table's size), the fee-band checks
  -- (the version in force pinned after the locks), the transaction numbers already taken.
  WITH bands AS MATERIALIZED (
      SELECT f."id", f."type", f."min_amount_centimes" AS lo, f."max_amount_centimes" AS hi,
          f."fee_centimes" AS fee, f."agent_share_centimes" AS share
        FROM (SELECT DISTINCT y."fee_type" AS "type" FROM unnest(p_items) AS y WHERE y."fee_type" IS NOT NULL) AS t
          CROSS JOIN LATERAL (SELECT "fee_version_in_force"(t."type") AS "id") AS p
          JOIN "fee_bands" AS f ON f."version_id" = p."id" AND f."type" = t."type"),
    checked AS (
      SELECT x.ordinality AS o,
          x."holder_number" IS NULL OR EXISTS (
            SELECT 1 FROM "account_holders" AS h JOIN "persons" AS p ON p."id" = h."person_id"
            WHERE h."account_id" = p_ids[array_position(p_numbers, x."holder_number")]
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
        FROM unnest(p_items) WITH ORDINALITY AS x)
  SELECT coalesce(array_agg(c.holder ORDER BY c.o), '{}'), coalesce(array_agg(c.fee ORDER BY c.o), '{}'),
      coalesce(array_agg(c.taken) FILTER (WHERE c.taken IS NOT NULL), '{}')
    INTO holder_ok, fee_check, taken_numbers
    FROM checked AS c;

  -- Per item, the first of the checks that do not depend on the items before it, in 0007's order (the
  -- funds, which do, are checked by the caller): named accounts, holder, the flow's own, fees, then over
  -- its locked rows in ascending id order not active, then currency.
  check_outcome := array_fill(NULL::text, ARRAY[coalesce(array_length(p_items, 1), 0)]);
  check_detail := check_outcome;
  FOR i IN 1 .. coalesce(array_length(p_items, 1), 0) LOOP
    it := p_items[i];
    refusal := NULL;
    FOR k IN 1 .. coalesce(array_length(it."numbers", 1), 0) LOOP
      IF array_position(p_numbers, it."numbers"[k]) IS NULL THEN
        refusal := 'AccountNotFound ' || it."number_fields"[k];
        EXIT;
      END IF;
    END LOOP;
    IF refusal IS NOT NULL THEN
      check_outcome[i] := 'refused';
      check_detail[i] := refusal;
      CONTINUE;
    ELSIF NOT holder_ok[i] THEN
      check_outcome[i] := 'refused';
      check_detail[i] := 'NotAccountHolder';
      CONTINUE;
    ELSIF it."deferred_check" THEN
      check_outcome[i] := 'deferred';
      CONTINUE;
    ELSIF fee_check[i] IS NOT NULL THEN
      check_outcome[i] := fee_check[i];
      CONTINUE;
    ELSIF p_first_flat[i] IS NULL THEN
      CONTINUE;
    END IF;
    FOR j IN p_first_flat[i] .. p_last_flat[i] LOOP
      slot := array_position(p_locked_ids, p_flat_account[j]);
      IF slot IS NOT NULL AND p_locked_status[slot] <> 'active' THEN
        refusal := 'AccountNotActive';
        found_id := p_flat_account[j];
        EXIT;
      END IF;
    END LOOP;
    IF refusal IS NULL THEN
      FOR j IN p_first_flat[i] .. p_last_flat[i] LOOP
        slot := array_position(p_locked_ids, p_flat_account[j]);
        IF slot IS NOT NULL AND p_locked_currency[slot] <> 'HTG' THEN
          refusal := 'CurrencyMismatch';
          found_id := p_flat_account[j];
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF refusal IS NOT NULL THEN
      -- The input field of the account refused, as 0007 names it.
      k := NULL;
      FOR slot IN 1 .. coalesce(array_length(it."numbers", 1), 0) LOOP
        IF p_ids[array_position(p_numbers, it."numbers"[slot])] = found_id THEN
          k := slot;
          EXIT;
        END IF;
      END LOOP;
      check_outcome[i] := 'refused';
      check_detail[i] := rtrim(refusal || ' ' || coalesce(it."number_fields"[k], ''));
    END IF;
  END LOOP;
END
$$;
