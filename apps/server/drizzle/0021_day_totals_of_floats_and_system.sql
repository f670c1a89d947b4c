-- Decision 167 (issue 14, "Speed at the limit"): the per-day sums of decision 144 kept for the accounts whose
-- balance the chart draws, not for every account an entry names.
-- The balance series (`GET /reports/balance-series`, ledger/balance-history.ts) follows an agent's float, the
-- network's floats and the treasury: it reads "account_day_totals" for float and system accounts only. The
-- entries' statement trigger (0016) also upserted a row per customer account and day: two of the three or four
-- rows a transfer writes there (its sender and its recipient), read by nothing. It now sums the float and system
-- accounts' entries only; the customer accounts' rows, never read, are deleted.
-- Should a customer account's chart come, its days are the sums of its entries, rebuilt as 0010's backfill did.
CREATE OR REPLACE FUNCTION "ledger_entries_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH e AS MATERIALIZED (
      SELECT i."account_id", i."created_at", i."amount_centimes",
          (SELECT a."kind" FROM "accounts" AS a WHERE a."id" = i."account_id") AS kind
        FROM "inserted" AS i),
    queued AS (
      INSERT INTO "system_balance_pending" ("account_id", "amount_centimes", "at")
        SELECT e."account_id", sum(e."amount_centimes"), max(e."created_at") FROM e WHERE e.kind = 'system'
          GROUP BY e."account_id" ORDER BY e."account_id")
  INSERT INTO "account_day_totals" AS d ("account_id", "day", "slot", "amount_centimes")
    SELECT e."account_id", (e."created_at" AT TIME ZONE 'America/Port-au-Prince')::date,
        CASE WHEN e.kind = 'system' THEN pg_backend_pid() % 16 ELSE 0 END, sum(e."amount_centimes")
      FROM e
      WHERE e.kind IN ('float', 'system')
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("account_id", "day", "slot") DO UPDATE SET "amount_centimes" = d."amount_centimes" + excluded."amount_centimes";
  RETURN NULL;
END
$$;--> statement-breakpoint
DELETE FROM "account_day_totals" AS d
  USING "accounts" AS a
  WHERE a."id" = d."account_id" AND a."kind" = 'customer';
