CREATE OR REPLACE FUNCTION "transactions_set_fee_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."fee_version" := (SELECT v."number" FROM "fee_versions" AS v
    WHERE v."id" = (SELECT "fee_version_in_force"(NEW."type")));
  RETURN NEW;
END;
$$;

DROP TRIGGER IF EXISTS "transactions_fee_version" ON "transactions";
CREATE TRIGGER "transactions_fee_version" BEFORE INSERT ON "transactions"
  FOR EACH ROW WHEN (NEW."type" IN ('deposit', 'withdrawal', 'transfer', 'external_transfer')
    AND (NEW."fee_version" IS NULL
      OR NEW."fee_version"::text IS DISTINCT FROM current_setting('lajan.fee_number_' || NEW."type", true)))
  EXECUTE FUNCTION "transactions_set_fee_version"();
