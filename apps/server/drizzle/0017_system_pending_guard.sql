-- Decision 162: only the ledger's own triggers write "system_balance_pending" (0016, decision 158).
-- - A row inserted there is added to a system account's balance at the commit, without entries. The rows
--   are inserted by the statement trigger of the entries ("ledger_entries_totals", AFTER ... FOR EACH STATEMENT),
--   so the BEFORE trigger below runs at trigger depth 2 or more for them; an INSERT sent by a client (an
--   injection, a bug) runs it at depth 1 and is refused, SQLSTATE LJ013. It stops a statement, not the tables'
--   owner at a SQL prompt, who can write from a trigger of their own or drop this one.
-- - A row is deleted by the commit-time trigger that applies it ("ledger_apply_system_pending", depth 1, so
--   its DELETE runs this trigger at depth 2); a client's DELETE is refused. Nothing updates a row: every
--   UPDATE is refused.
-- - One call per pending row, one or two rows per statement that writes entries (a system account or two).
--   TRUNCATE is left as it is: PostgreSQL already refuses it while rows wait for their commit-time trigger.
CREATE FUNCTION "ledger_system_pending_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER "system_balance_pending_guard"
  BEFORE INSERT OR UPDATE OR DELETE ON "system_balance_pending"
  FOR EACH ROW EXECUTE FUNCTION "ledger_system_pending_guard"();
