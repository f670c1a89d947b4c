CREATE OR REPLACE FUNCTION "ledger_limit_refusal"(p_item integer, p_amount bigint, p_per_operation bigint,
  p_pair_item integer[], p_pair_slot integer[], p_slots "ledger_limit_slot"[]) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  -- An item over a customer's limit (decision 227), with what the batch's earlier items added: the refusal's
  -- detail, per operation first, then the period with the least left over the persons it counts; else null.
  IF p_amount > p_per_operation THEN
    RETURN 'LimitExceeded operation ' || p_per_operation;
  END IF;
  RETURN (WITH counted AS (SELECT (p_slots[p.slot]).* FROM unnest(p_pair_item, p_pair_slot) AS p(item, slot)
        WHERE p.item = p_item)
    SELECT 'LimitExceeded ' || c.period || ' ' || greatest(c.left_centimes, 0) FROM (
        SELECT 'day' AS period, s.day_left - s.added AS left_centimes, 1 AS o FROM counted AS s
        UNION ALL
        SELECT 'thirtyDays', s.window_left - (SELECT sum(w.added) FROM unnest(p_slots) AS w WHERE w.person = s.person
          AND w.category = s.category AND w.day BETWEEN s.day - 29 AND s.day), 2 FROM counted AS s) AS c
      WHERE c.left_centimes < p_amount ORDER BY c.left_centimes, c.o LIMIT 1);
END
$$;
