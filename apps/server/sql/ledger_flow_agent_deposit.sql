CREATE OR REPLACE FUNCTION "ledger_flow_agent_deposit"(p_args jsonb) RETURNS "ledger_flow_read" LANGUAGE plpgsql AS $$
DECLARE
  found_row record;
  result "ledger_flow_read";
BEGIN
  -- The funded agent and its float, by code: unknown, then not active (suspended, deleted, no float).
  SELECT g."id", g."name", g."deleted_at" IS NULL AND g."suspended_at" IS NULL AS "active",
      f."id" AS "float_id", f."account_number" AS "float_number"
    INTO found_row FROM "agents" AS g
    LEFT JOIN "accounts" AS f ON f."agent_id" = g."id" AND f."kind" = 'float'
    WHERE g."code" = p_args->>'code';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'AgentNotFound code' USING ERRCODE = 'LJ100';
  END IF;
  IF NOT found_row."active" OR found_row."float_id" IS NULL THEN
    RAISE EXCEPTION 'AgentNotActive code' USING ERRCODE = 'LJ100';
  END IF;
  result."agent_id" := found_row."id";
  result."refs" := jsonb_build_object('float', found_row."float_id");
  result."facts" := jsonb_build_object('agent_name', found_row."name", 'float_number', found_row."float_number");
  RETURN result;
END
$$;
