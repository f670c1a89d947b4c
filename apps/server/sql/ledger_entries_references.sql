CREATE OR REPLACE FUNCTION "ledger_entries_references"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  wanted uuid[];
BEGIN
  wanted := ARRAY(SELECT DISTINCT i."account_id" FROM "inserted" AS i);
  IF (SELECT count(*) FROM "accounts" AS a WHERE a."id" = ANY (wanted)) <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "entries" violates foreign key "entries_account_id_accounts_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An entry names an account that does not exist.';
  END IF;
  wanted := ARRAY(SELECT DISTINCT i."transaction_id" FROM "inserted" AS i);
  IF (SELECT count(*) FROM "transactions" AS t WHERE t."id" = ANY (wanted))
      <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "entries" violates foreign key "entries_transaction_id_transactions_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An entry names a transaction that does not exist.';
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS "entries_references" ON "entries";
CREATE TRIGGER "entries_references" AFTER INSERT ON "entries"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_references"();
