CREATE OR REPLACE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: an entry is never changed or deleted (% refused)', TG_OP USING ERRCODE = 'LJ011';
END
$$;

DROP TRIGGER IF EXISTS "entries_no_update_or_delete" ON "entries";
CREATE TRIGGER "entries_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
