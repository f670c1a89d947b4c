CREATE OR REPLACE FUNCTION "ledger_htg_json"(p_centimes bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT trim_scale(p_centimes::numeric / 100)::text
$$;
