CREATE OR REPLACE FUNCTION "history_count_transactions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "history_counts" AS c ("agent_key", "type", "slot", "n")
    SELECT coalesce(i."agent_id", '00000000-0000-0000-0000-000000000000'::uuid), i."type",
           pg_backend_pid() % 16, count(*)
    FROM "inserted" AS i GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("agent_key", "type", "slot") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS "transactions_history_counts" ON "transactions";
CREATE TRIGGER "transactions_history_counts" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "history_count_transactions"();
