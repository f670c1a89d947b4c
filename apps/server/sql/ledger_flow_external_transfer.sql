CREATE OR REPLACE FUNCTION "ledger_flow_external_transfer"(p_args jsonb) RETURNS "ledger_flow_read" LANGUAGE plpgsql AS $$
DECLARE
  result "ledger_flow_read";
BEGIN
  -- The sender, a person not deleted, before the account it sends from (DESIGN §4's order).
  IF NOT EXISTS (SELECT 1 FROM "persons" AS p
      WHERE p."id" = (p_args->>'senderId')::uuid AND p."deleted_at" IS NULL) THEN
    RAISE EXCEPTION 'PersonNotFound senderId' USING ERRCODE = 'LJ100';
  END IF;
  result."slots" := jsonb_build_object('sender', ledger_sender_json((p_args->>'senderId')::uuid));
  RETURN result;
END
$$;
