CREATE OR REPLACE FUNCTION "ledger_system_pending_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' AND pg_trigger_depth() > 1 THEN
    IF TG_OP = 'INSERT' THEN
      RETURN NEW;
    END IF;
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger: system_balance_pending is written by the ledger''s triggers only (% refused)', TG_OP
    USING ERRCODE = 'LJ013';
END
$$;

DROP TRIGGER IF EXISTS "system_balance_pending_guard" ON "system_balance_pending";
CREATE TRIGGER "system_balance_pending_guard"
  BEFORE INSERT OR UPDATE OR DELETE ON "system_balance_pending"
  FOR EACH ROW EXECUTE FUNCTION "ledger_system_pending_guard"();
