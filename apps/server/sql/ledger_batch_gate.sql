CREATE OR REPLACE FUNCTION "ledger_batch_gate"(p_sent "ledger_batch_item"[]) RETURNS integer[]
LANGUAGE plpgsql AS $$
DECLARE
  drawer_users uuid[];
  drawer_opened timestamptz[];
BEGIN
  -- The drawers' gate (decision 149): the open drawers of the cash items' tellers, locked FOR SHARE. Answers
  -- the positions of the items that go on: not cash, or cash whose teller's drawer was open by its time, or
  -- whose key is stored already (to be answered as the first time).
  SELECT coalesce(array_agg(d."user_id"), '{}'), coalesce(array_agg(d."opened_at"), '{}')
    INTO drawer_users, drawer_opened
    FROM (SELECT s."user_id", s."opened_at" FROM "drawer_sessions" AS s
      WHERE s."user_id" = ANY (ARRAY(SELECT DISTINCT x."created_by_user_id" FROM unnest(p_sent) AS x
          WHERE x."cash_drawer"))
        AND s."closed_at" IS NULL
      FOR SHARE) AS d;
  RETURN ARRAY(SELECT x.ordinality::integer FROM unnest(p_sent) WITH ORDINALITY AS x
    WHERE NOT coalesce(x."cash_drawer", false)
      OR EXISTS (SELECT 1 FROM unnest(drawer_users, drawer_opened) AS d(user_id, opened_at)
        WHERE d.user_id = x."created_by_user_id" AND d.opened_at <= x."at")
      OR (x."key" IS NOT NULL AND EXISTS (SELECT 1 FROM "idempotency_keys" AS ik
        WHERE ik."user_id" = x."user_id" AND ik."route" = x."route" AND ik."key" = x."key"))
    ORDER BY x.ordinality);
END
$$;
