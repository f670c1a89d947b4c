-- The audit trail is append-only (DESIGN §7, ASVS 16.4.2): a row once written is never changed or
-- deleted, not even by the application's own database role through a bug or an injection. Only a
-- TRUNCATE (an operator's deliberate act, used by the tests between cases) empties it.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log: the audit trail is append-only (% refused)', TG_OP USING ERRCODE = 'LJ010';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
