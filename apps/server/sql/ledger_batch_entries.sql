CREATE OR REPLACE FUNCTION "ledger_batch_entries"(p_items "ledger_batch_item"[],
  OUT number_list text[], OUT number_ids uuid[],
  OUT flat_item integer[], OUT flat_account uuid[], OUT flat_delta bigint[],
  OUT first_flat integer[], OUT last_flat integer[])
LANGUAGE plpgsql AS $$
DECLARE
  j integer;
BEGIN
  -- The customer accounts the batch names by number (float and system accounts have no number here).
  SELECT coalesce(array_agg(a."account_number"), '{}'), coalesce(array_agg(a."id"), '{}')
    INTO number_list, number_ids
    FROM "accounts" AS a
    WHERE a."account_number" = ANY (ARRAY(SELECT DISTINCT u FROM unnest(p_items) AS x, unnest(x."numbers") AS u))
      AND a."kind" = 'customer';

  -- Every (item, account, delta) of the batch, per item in ascending account order, zeros dropped (an
  -- unresolved '#number': the item is refused before its entries matter); first_flat..last_flat: an item's.
  SELECT coalesce(array_agg(g.idx ORDER BY g.idx, g.account_id), '{}'),
      coalesce(array_agg(g.account_id ORDER BY g.idx, g.account_id), '{}'),
      coalesce(array_agg(g.delta ORDER BY g.idx, g.account_id), '{}')
    INTO flat_item, flat_account, flat_delta
    FROM (SELECT x.ordinality::integer AS idx, ledger_account_of(e.r, number_list, number_ids) AS account_id,
            sum(e.amount)::bigint AS delta
          FROM unnest(p_items) WITH ORDINALITY AS x, unnest(x."entry_refs", x."entry_amounts") AS e(r, amount)
          GROUP BY 1, 2) AS g
    WHERE g.delta <> 0 AND g.account_id IS NOT NULL;
  first_flat := array_fill(NULL::integer, ARRAY[coalesce(array_length(p_items, 1), 0)]);
  last_flat := first_flat;
  FOR j IN 1 .. coalesce(array_length(flat_item, 1), 0) LOOP
    IF first_flat[flat_item[j]] IS NULL THEN
      first_flat[flat_item[j]] := j;
    END IF;
    last_flat[flat_item[j]] := j;
  END LOOP;
END
$$;
