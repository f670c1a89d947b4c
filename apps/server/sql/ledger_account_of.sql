CREATE OR REPLACE FUNCTION "ledger_account_of"(p_ref text, p_numbers text[], p_ids uuid[]) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$
  -- An account reference of a batch item: '#number' (a customer account the batch resolved), else its id.
  SELECT CASE WHEN p_ref LIKE '#%' THEN p_ids[array_position(p_numbers, substr(p_ref, 2))] ELSE p_ref::uuid END
$$;
