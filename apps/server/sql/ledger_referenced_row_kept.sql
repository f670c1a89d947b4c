CREATE OR REPLACE FUNCTION "ledger_referenced_row_kept"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."id" = OLD."id" THEN
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME IN ('accounts', 'agents', 'users') THEN
    RAISE EXCEPTION 'ledger: a row of "%" is never erased nor re-keyed (% refused)', TG_TABLE_NAME, TG_OP
      USING ERRCODE = 'LJ015', DETAIL = 'An account is closed, an agent or a user deleted_at; none disappears.';
  END IF;
  -- The reads below see what committed before this statement only under READ COMMITTED: under a longer
  -- snapshot, a posting committed since would be missed (the foreign key's cross-check saw it).
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'ledger: a row the ledger may refer to is deleted or re-keyed under READ COMMITTED only'
      USING ERRCODE = 'LJ014';
  END IF;
  IF TG_TABLE_NAME = 'persons'
    AND EXISTS (SELECT 1 FROM "transactions" AS t WHERE t."sender_person_id" = OLD."id") THEN
    RAISE EXCEPTION 'update or delete on table "%" violates a foreign key of the ledger', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An entry or a transaction refers to this row.';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;

DROP TRIGGER IF EXISTS "accounts_referenced_by_the_ledger" ON "accounts";
CREATE TRIGGER "accounts_referenced_by_the_ledger" BEFORE DELETE OR UPDATE OF "id" ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_referenced_row_kept"();

DROP TRIGGER IF EXISTS "agents_referenced_by_the_ledger" ON "agents";
CREATE TRIGGER "agents_referenced_by_the_ledger" BEFORE DELETE OR UPDATE OF "id" ON "agents"
  FOR EACH ROW EXECUTE FUNCTION "ledger_referenced_row_kept"();

DROP TRIGGER IF EXISTS "persons_referenced_by_the_ledger" ON "persons";
CREATE TRIGGER "persons_referenced_by_the_ledger" BEFORE DELETE OR UPDATE OF "id" ON "persons"
  FOR EACH ROW EXECUTE FUNCTION "ledger_referenced_row_kept"();

DROP TRIGGER IF EXISTS "users_referenced_by_the_ledger" ON "users";
CREATE TRIGGER "users_referenced_by_the_ledger" BEFORE DELETE OR UPDATE OF "id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "ledger_referenced_row_kept"();
