CREATE OR REPLACE FUNCTION "ledger_batch_checks"(p_items "ledger_batch_item"[],
  p_numbers text[], p_ids uuid[], p_flat_account uuid[], p_first_flat integer[], p_last_flat integer[],
  p_locked_ids uuid[], p_locked_status text[], p_locked_currency text[],
  OUT check_outcome text[], OUT check_detail text[], OUT taken_numbers text[])
LANGUAGE plpgsql AS $$
BEGIN
  -- Per item, the first of the checks that do not depend on the items before it, in 0007's order (the funds,
  -- which do, are checked by the caller): named accounts, holder, the flow's own, fees, then over its locked
  -- rows in ascending id order not active, then currency. Read once the rows are locked, in one statement.
  WITH bands AS MATERIALIZED (
      SELECT f."id", f."type", f."min_amount_centimes" AS lo, f."max_amount_centimes" AS hi,
          f."fee_centimes" AS fee, f."agent_share_centimes" AS share
        FROM (SELECT DISTINCT y."fee_type" AS "type" FROM unnest(p_items) AS y WHERE y."fee_type" IS NOT NULL) AS t
          CROSS JOIN LATERAL (SELECT "fee_version_in_force"(t."type") AS "id") AS p
          JOIN "fee_bands" AS f ON f."version_id" = p."id" AND f."type" = t."type"),
    checked AS (
      SELECT x.ordinality AS o, x."deferred_check" AS deferred,
          (SELECT 'AccountNotFound ' || x."number_fields"[k] FROM generate_subscripts(x."numbers", 1) AS k
            WHERE array_position(p_numbers, x."numbers"[k]) IS NULL ORDER BY k LIMIT 1) AS not_found,
          -- The holder: a lateral lookup by the holders' key, whatever the table's size.
          x."holder_number" IS NULL OR EXISTS (
            SELECT 1 FROM "account_holders" AS h JOIN "persons" AS p ON p."id" = h."person_id"
            WHERE h."account_id" = p_ids[array_position(p_numbers, x."holder_number")]
              AND p."id_document_type" = x."document_type"
              AND upper(p."id_document_number") = upper(x."document_number")) AS holder,
          -- The fee band, of the version in force pinned after the locks.
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
          -- A locked row not active, else not in HTG, named by the input field of its number if it has one.
          (SELECT rtrim(CASE WHEN l.status <> 'active' THEN 'AccountNotActive ' ELSE 'CurrencyMismatch ' END
              || coalesce((SELECT x."number_fields"[k] FROM generate_subscripts(x."numbers", 1) AS k
                WHERE p_ids[array_position(p_numbers, x."numbers"[k])] = l.id ORDER BY k LIMIT 1), ''))
            FROM unnest(p_flat_account[p_first_flat[x.ordinality]:p_last_flat[x.ordinality]]) AS a(id)
              JOIN unnest(p_locked_ids, p_locked_status, p_locked_currency) AS l(id, status, currency) ON l.id = a.id
            WHERE l.status <> 'active' OR l.currency <> 'HTG'
            ORDER BY l.status <> 'active' DESC, l.id LIMIT 1) AS locked,
          (SELECT t."transaction_number" FROM "transactions" AS t
            WHERE t."transaction_number" = x."transaction_number" LIMIT 1) AS taken
        FROM unnest(p_items) WITH ORDINALITY AS x)
  SELECT coalesce(array_agg(CASE WHEN c.not_found IS NOT NULL OR NOT c.holder THEN 'refused'
          WHEN c.deferred THEN 'deferred' WHEN c.fee IS NOT NULL THEN c.fee
          WHEN c.locked IS NOT NULL THEN 'refused' END ORDER BY c.o), '{}'),
      coalesce(array_agg(CASE WHEN c.not_found IS NOT NULL THEN c.not_found
          WHEN NOT c.holder THEN 'NotAccountHolder' WHEN c.deferred OR c.fee IS NOT NULL THEN NULL
          ELSE c.locked END ORDER BY c.o), '{}'),
      coalesce(array_agg(c.taken) FILTER (WHERE c.taken IS NOT NULL), '{}')
    INTO check_outcome, check_detail, taken_numbers
    FROM checked AS c;
END
$$;
