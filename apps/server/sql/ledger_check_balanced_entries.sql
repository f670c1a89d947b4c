CREATE OR REPLACE FUNCTION "ledger_check_balanced_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  writer xid;
  bad record;
BEGIN
  -- The (sub)transaction that wrote these entries, read from one of them.
  SELECT e."xmin" INTO writer FROM "entries" AS e WHERE e."id" = (SELECT i."id" FROM "inserted" AS i LIMIT 1);
  FOR bad IN SELECT t."id" AS txn, s.total, s.n
      FROM (SELECT DISTINCT i."transaction_id" FROM "inserted" AS i) AS x
      JOIN "transactions" AS t ON t."id" = x."transaction_id"
      CROSS JOIN LATERAL (SELECT coalesce(sum(e."amount_centimes"), 0) AS total, count(*) AS n
        FROM "entries" AS e WHERE e."transaction_id" = t."id") AS s
      WHERE (t."xmin" <> writer OR (t."type" = 'external_transfer' AND t."status" <> 'pending'))
        AND (s.total <> 0 OR s.n < 2)
      ORDER BY t."id" LIMIT 1 LOOP
    RAISE EXCEPTION 'ledger: the % entries of transaction % sum to %, not zero over two or more',
      bad.n, bad.txn, bad.total USING ERRCODE = 'LJ004';
  END LOOP;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS "entries_balanced" ON "entries";
CREATE TRIGGER "entries_balanced" AFTER INSERT ON "entries"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_check_balanced_entries"();
