CREATE OR REPLACE FUNCTION "ledger_post_flow"(
  p_flow text, p_args jsonb,
  p_user_id uuid, p_route text, p_key text, p_request_hash text,
  p_at timestamptz,
  p_numbers text[], p_number_fields text[], p_holder_number text, p_document_type text, p_document_number text,
  p_deferred_check boolean,
  p_fee_type text, p_amount bigint, p_band_id uuid, p_band_min bigint, p_band_max bigint,
  p_fee bigint, p_share bigint,
  p_entry_refs text[], p_entry_amounts bigint[],
  p_transaction_id uuid, p_transaction_number text, p_type text, p_status text,
  p_agent_id uuid, p_created_by_user_id uuid,
  p_account_ref text, p_sender_ref text, p_recipient_ref text, p_sender_person_id uuid,
  p_recipient jsonb, p_party jsonb, p_related_transaction_id uuid,
  p_body text
) RETURNS TABLE ("out_replayed" boolean, "out_status" integer, "out_body" text, "out_facts" jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  stored record;
  reads "ledger_flow_read";
  posted record;
  amount bigint;
  sender_ref text;
BEGIN
  -- The key first, as `ledger_post_movements` does: a repeat gets the first answer whatever changed since.
  IF p_key IS NOT NULL THEN
    LOOP
      INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
          "response_body", "created_at")
        VALUES (p_user_id, p_route, p_key, p_request_hash, 0, '', p_at)
        ON CONFLICT DO NOTHING;
      EXIT WHEN FOUND;
      SELECT ik."request_hash", ik."response_status", ik."response_body", ik."response_facts" INTO stored
        FROM "idempotency_keys" AS ik
        WHERE ik."user_id" = p_user_id AND ik."route" = p_route AND ik."key" = p_key;
      IF FOUND THEN
        IF stored."request_hash" <> p_request_hash THEN
          RAISE EXCEPTION 'IdempotencyConflict' USING ERRCODE = 'LJ100';
        END IF;
        RETURN QUERY SELECT true, stored."response_status", stored."response_body", stored."response_facts";
        RETURN;
      END IF;
    END LOOP;
  END IF;

  -- The flow's own reads and checks: what the caller could not know (the agent, the transfer, its amount).
  reads := CASE p_flow
    WHEN 'agent_deposit' THEN ledger_flow_agent_deposit(p_args)
    WHEN 'external_transfer' THEN ledger_flow_external_transfer(p_args)
    WHEN 'cancel' THEN ledger_flow_cancel(p_args, p_agent_id, p_created_by_user_id, p_at, p_transaction_number)
    WHEN 'payout' THEN ledger_flow_payout(p_args, p_at)
  END;
  IF reads."facts" IS NULL THEN
    RAISE EXCEPTION 'ledger_post_flow: unknown flow %', p_flow;
  END IF;
  amount := coalesce(reads."amount", p_amount);
  sender_ref := CASE WHEN reads."related_id" IS NULL THEN p_sender_ref ELSE reads."sender_ref" END;

  -- Locked, checked and written by the one function of every movement (decision 216): a batch of one. The
  -- caller's entries are for one centime when the amount is the transfer's; '@name' is an account the reads found.
  SELECT r."out_outcome", r."out_detail" INTO posted FROM ledger_post_movements(jsonb_build_array(jsonb_build_object(
    'at', p_at, 'numbers', to_jsonb(p_numbers), 'number_fields', to_jsonb(p_number_fields),
    'holder_number', p_holder_number, 'document_type', p_document_type, 'document_number', p_document_number,
    'deferred_check', p_deferred_check, 'fee_type', p_fee_type, 'amount', amount, 'band_id', p_band_id,
    'band_min', p_band_min, 'band_max', p_band_max, 'fee', p_fee, 'share', p_share,
    'entry_refs', to_jsonb(ARRAY(SELECT CASE WHEN r LIKE '@%' THEN reads."refs"->>substr(r, 2) ELSE r END
      FROM unnest(p_entry_refs) WITH ORDINALITY AS e(r, n) ORDER BY e.n)),
    'entry_amounts', to_jsonb(ARRAY(SELECT CASE WHEN p_amount IS NULL THEN e.v * amount ELSE e.v END
      FROM unnest(p_entry_amounts) WITH ORDINALITY AS e(v, n) ORDER BY e.n)),
    'transaction_id', p_transaction_id, 'transaction_number', p_transaction_number, 'type', p_type,
    'status', p_status, 'agent_id', coalesce(reads."agent_id", p_agent_id),
    'created_by_user_id', p_created_by_user_id,
    'account_ref', CASE WHEN p_account_ref LIKE '@%' THEN reads."refs"->>substr(p_account_ref, 2)
      ELSE p_account_ref END,
    'sender_ref', CASE WHEN sender_ref LIKE '@%' THEN reads."refs"->>substr(sender_ref, 2) ELSE sender_ref END,
    'recipient_ref', CASE WHEN p_recipient_ref LIKE '@%' THEN reads."refs"->>substr(p_recipient_ref, 2)
      ELSE p_recipient_ref END,
    'sender_person_id', coalesce(reads."sender_person_id", p_sender_person_id),
    'recipient', CASE WHEN reads."related_id" IS NULL THEN p_recipient ELSE reads."recipient" END,
    'party', p_party, 'related_transaction_id', coalesce(reads."related_id", p_related_transaction_id),
    'cash_drawer', false))) AS r;
  IF posted."out_outcome" = 'refused' THEN
    RAISE EXCEPTION '%', posted."out_detail" USING ERRCODE = 'LJ100';
  ELSIF posted."out_outcome" = 'stale-fees' THEN
    RAISE EXCEPTION 'stale fee band' USING ERRCODE = 'LJ101';
  ELSIF posted."out_outcome" = 'number-taken' THEN
    RAISE EXCEPTION 'transaction number taken' USING ERRCODE = 'LJ102';
  ELSIF posted."out_outcome" = 'deferred' THEN
    RAISE EXCEPTION 'deferred check' USING ERRCODE = 'LJ103';
  ELSIF posted."out_outcome" IS DISTINCT FROM 'posted' THEN
    RAISE EXCEPTION 'ledger_post_flow: the posting answered %', posted."out_outcome";
  END IF;

  -- The answer is TypeScript's part composed with these facts, the first time and at every replay (decision 222).
  IF p_key IS NOT NULL THEN
    UPDATE "idempotency_keys" AS ik SET "response_status" = 201, "response_body" = p_body,
        "response_facts" = reads."facts"
      WHERE ik."user_id" = p_user_id AND ik."route" = p_route AND ik."key" = p_key;
  END IF;
  RETURN QUERY SELECT false, 201, p_body, reads."facts";
END
$$;
