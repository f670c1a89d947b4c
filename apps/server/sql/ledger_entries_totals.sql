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
$$;

DROP TRIGGER IF EXISTS "entries_totals" ON "entries";
CREATE TRIGGER "entries_totals" AFTER INSERT ON "entries"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_totals"();
