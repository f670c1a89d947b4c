CREATE OR REPLACE FUNCTION "ledger_post_flow"(p_flow text, p_args jsonb, p_item jsonb)
RETURNS TABLE ("out_replayed" boolean, "out_status" integer, "out_body" text, "out_facts" jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  -- The movement as a batch item (`ledger_post_movements`'s), which the flow's reads complete.
  it "ledger_batch_item" := jsonb_populate_record(NULL::"ledger_batch_item", p_item);
  stored record;
  reads "ledger_flow_read";
  posted record;
BEGIN
  -- The key first, as `ledger_post_movements` does: a repeat gets the first answer whatever changed since.
  IF it."key" IS NOT NULL THEN
    LOOP
      INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
          "response_body", "created_at")
        VALUES (it."user_id", it."route", it."key", it."request_hash", 0, '', it."at")
        ON CONFLICT DO NOTHING;
      EXIT WHEN FOUND;
      SELECT ik."request_hash", ik."response_status", ik."response_body", ik."response_facts" INTO stored
        FROM "idempotency_keys" AS ik
        WHERE ik."user_id" = it."user_id" AND ik."route" = it."route" AND ik."key" = it."key";
      IF FOUND THEN
        IF stored."request_hash" <> it."request_hash" THEN
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
    WHEN 'cancel' THEN ledger_flow_cancel(p_args, it."agent_id", it."created_by_user_id", it."at",
      it."transaction_number")
    WHEN 'payout' THEN ledger_flow_payout(p_args, it."at")
    -- Transfers that expire (decision 225).
    WHEN 'expire' THEN ledger_flow_expire(p_args, it."created_by_user_id", it."at", it."transaction_number")
    WHEN 'refund_expired' THEN ledger_flow_refund_expired(p_args, it."agent_id")
  END;
  IF reads."facts" IS NULL THEN
    RAISE EXCEPTION 'ledger_post_flow: unknown flow %', p_flow;
  END IF;
  -- What the reads found: '@name' is an account they found; the transfer's amount scales entries of a centime.
  it."entry_refs" := ARRAY(SELECT CASE WHEN r LIKE '@%' THEN reads."refs"->>substr(r, 2) ELSE r END
    FROM unnest(it."entry_refs") WITH ORDINALITY AS e(r, n) ORDER BY e.n);
  IF reads."amount" IS NOT NULL THEN
    it."amount" := reads."amount";
    it."entry_amounts" := ARRAY(SELECT v * reads."amount" FROM unnest(it."entry_amounts") WITH ORDINALITY AS e(v, n)
      ORDER BY e.n);
  END IF;
  IF reads."related_id" IS NOT NULL THEN
    it."sender_ref" := reads."sender_ref";
    it."recipient" := reads."recipient";
    it."related_transaction_id" := reads."related_id";
  END IF;
  it."agent_id" := coalesce(reads."agent_id", it."agent_id");
  it."sender_person_id" := coalesce(reads."sender_person_id", it."sender_person_id");
  it."account_ref" := CASE WHEN it."account_ref" LIKE '@%' THEN reads."refs"->>substr(it."account_ref", 2)
    ELSE it."account_ref" END;
  it."sender_ref" := CASE WHEN it."sender_ref" LIKE '@%' THEN reads."refs"->>substr(it."sender_ref", 2)
    ELSE it."sender_ref" END;
  it."recipient_ref" := CASE WHEN it."recipient_ref" LIKE '@%' THEN reads."refs"->>substr(it."recipient_ref", 2)
    ELSE it."recipient_ref" END;
  -- Locked, checked and written by the one function of every movement (decision 216): a batch of one, its
  -- key claimed above, its drawer gated by the caller's statement.
  SELECT r."out_outcome", r."out_detail" INTO posted
    FROM ledger_post_movements(jsonb_build_array(to_jsonb(it) || '{"key": null, "cash_drawer": false}')) AS r;
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
  IF it."key" IS NOT NULL THEN
    UPDATE "idempotency_keys" AS ik SET "response_status" = 201, "response_body" = it."body",
        "response_facts" = reads."facts"
      WHERE ik."user_id" = it."user_id" AND ik."route" = it."route" AND ik."key" = it."key";
  END IF;
  RETURN QUERY SELECT false, 201, it."body", reads."facts";
END
$$;
