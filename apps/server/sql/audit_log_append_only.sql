CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log: the audit trail is append-only (% refused)', TG_OP USING ERRCODE = 'LJ010';
END
$$;

DROP TRIGGER IF EXISTS "audit_log_no_update_or_delete" ON "audit_log";
CREATE TRIGGER "audit_log_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
