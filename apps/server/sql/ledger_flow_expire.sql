CREATE OR REPLACE FUNCTION "ledger_flow_expire"(p_args jsonb, p_user_id uuid, p_at timestamptz,
  p_refund_number text) RETURNS "ledger_flow_read" LANGUAGE plpgsql AS $$
DECLARE
  transfer record;
  result "ledger_flow_read";
BEGIN
  -- An external transfer sent from an account, expired by the job (decision 225): its row first, before any
  -- account, as a payout's or a cancellation's; settled only while pending, so each expires once.
  SELECT t."id", t."type", t."status", t."created_at", t."transaction_number", t."amount_centimes",
      t."sender_account_id", t."sender_person_id", t."recipient"
    INTO transfer FROM "transactions" AS t WHERE t."id" = (p_args->>'transferId')::uuid FOR UPDATE;
  IF NOT FOUND OR transfer."type" <> 'external_transfer' OR transfer."sender_account_id" IS NULL
      OR transfer."created_at" > (p_args->>'sentBefore')::timestamptz THEN
    RAISE EXCEPTION 'ledger_flow_expire: % is not an account transfer due to expire', p_args->>'transferId';
  END IF;
  UPDATE "transactions" AS t SET "status" = 'expired', "settled_at" = p_at
    WHERE t."id" = transfer."id" AND t."status" = 'pending';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'TransferNotPending' USING ERRCODE = 'LJ100';
  END IF;
  -- The audit line and the sender's e-mail commit with the refund, or not at all.
  INSERT INTO "audit_log" ("at", "action", "actor_user_id", "actor_username", "target", "details")
    SELECT p_at, 'transactions.transfer_expired', u."id", u."username", transfer."transaction_number",
        jsonb_build_object('transactionNumber', transfer."transaction_number", 'refund', p_refund_number,
          'amount', transfer."amount_centimes")
      FROM "users" AS u WHERE u."id" = p_user_id;
  IF jsonb_typeof(p_args->'mail') = 'object' THEN
    INSERT INTO "mail_outbox" ("kind", "to_address", "subject", "text_body", "created_at", "next_attempt_at")
      VALUES ('transfer_expired', p_args->'mail'->>'to', p_args->'mail'->>'subject', p_args->'mail'->>'text',
        p_at, p_at);
  END IF;
  result."sender_ref" := transfer."sender_account_id"::text;
  result."sender_person_id" := transfer."sender_person_id";
  result."recipient" := transfer."recipient";
  result."related_id" := transfer."id";
  result."facts" := '{}'::jsonb;
  RETURN result;
END
$$;
