CREATE OR REPLACE FUNCTION "ledger_flow_external_transfer"(p_args jsonb) RETURNS "ledger_flow_read" LANGUAGE plpgsql AS $$
DECLARE
  sender jsonb;
  result "ledger_flow_read";
BEGIN
  -- The sender, a person not deleted, before the account it sends from (DESIGN §4's order).
  SELECT to_jsonb(x) INTO sender FROM (SELECT p."id", p."first_name", p."last_name", p."id_document_type",
      p."id_document_number", p."phone_number", p."address" FROM "persons" AS p
    WHERE p."id" = (p_args->>'senderId')::uuid AND p."deleted_at" IS NULL) AS x;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'PersonNotFound senderId' USING ERRCODE = 'LJ100';
  END IF;
  result."facts" := jsonb_build_object('sender', sender);
  RETURN result;
END
$$;
