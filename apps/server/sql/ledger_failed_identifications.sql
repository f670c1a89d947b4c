CREATE OR REPLACE FUNCTION "ledger_failed_identifications"(p_transfer uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  -- The failed identifications of a transfer since it was last unlocked (decisions 112 and 200).
  SELECT count(*) FROM "payout_identifications" AS f
    WHERE f."transaction_id" = p_transfer AND f."outcome" = 'failed'
      AND f."id" > coalesce((SELECT max(u."id") FROM "payout_identifications" AS u
        WHERE u."transaction_id" = p_transfer AND u."outcome" = 'unlocked'), 0)
$$;
