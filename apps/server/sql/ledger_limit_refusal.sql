CREATE OR REPLACE FUNCTION "ledger_limit_refusal"(p_item integer, p_amount bigint, p_per_operation bigint,
  p_pair_item integer[], p_pair_slot integer[], p_person uuid[], p_category text[], p_day date[],
  p_day_left bigint[], p_window_left bigint[], p_added bigint[]) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  -- An item over a customer's limit (decision 227), with what the batch's earlier items added: the refusal's
  -- detail, per operation first, then the period with the least left over the persons it counts; else null.
  IF p_amount > p_per_operation THEN
    RETURN 'LimitExceeded operation ' || p_per_operation;
  END IF;
  RETURN (SELECT 'LimitExceeded ' || c.period || ' ' || greatest(c.left_centimes, 0) FROM (
      SELECT 'day' AS period, p_day_left[p.slot] - p_added[p.slot] AS left_centimes, 1 AS o
        FROM unnest(p_pair_item, p_pair_slot) AS p(item, slot) WHERE p.item = p_item
      UNION ALL
      SELECT 'thirtyDays', p_window_left[p.slot] - (SELECT sum(p_added[t]) FROM generate_subscripts(p_added, 1) AS t
          WHERE p_person[t] = p_person[p.slot] AND p_category[t] = p_category[p.slot]
            AND p_day[t] BETWEEN p_day[p.slot] - 29 AND p_day[p.slot]), 2
        FROM unnest(p_pair_item, p_pair_slot) AS p(item, slot) WHERE p.item = p_item) AS c
    WHERE c.left_centimes < p_amount ORDER BY c.left_centimes, c.o LIMIT 1);
END
$$;
