CREATE OR REPLACE FUNCTION "ledger_flow_cancel"(p_args jsonb, p_agent_id uuid, p_user_id uuid, p_at timestamptz,
  p_refund_number text) RETURNS "ledger_flow_read" LANGUAGE plpgsql AS $$
DECLARE
  transfer record;
  result "ledger_flow_read";
BEGIN
  -- The transfer's row first, before any account (DESIGN §4): a payout and a cancellation of one transfer
  -- run one after the other.
  SELECT t."id", t."type", t."status", t."amount_centimes", t."agent_id", t."sender_account_id",
      t."sender_person_id", t."recipient"
    INTO transfer FROM "transactions" AS t
    WHERE t."transaction_number" = p_args->>'transactionNumber' FOR UPDATE;
  IF NOT FOUND OR transfer."type" <> 'external_transfer' THEN
    RAISE EXCEPTION '%', rtrim('TransactionNotFound ' || coalesce(p_args->>'notFoundField', ''))
      USING ERRCODE = 'LJ100';
  END IF;
  IF transfer."agent_id" IS DISTINCT FROM p_agent_id THEN
    RAISE EXCEPTION 'NotSendingAgent' USING ERRCODE = 'LJ100';
  END IF;
  IF transfer."status" = 'expired' THEN
    RAISE EXCEPTION 'TransferExpired' USING ERRCODE = 'LJ100';
  END IF;
  IF transfer."status" <> 'pending' THEN
    RAISE EXCEPTION 'TransferNotPending' USING ERRCODE = 'LJ100';
  END IF;
  IF p_args ? 'reason' THEN
    -- The agent administrator's approval (decision 200): only a send from an account, refunded there.
    IF transfer."sender_account_id" IS NULL THEN
      RAISE EXCEPTION 'CancelNeedsSender' USING ERRCODE = 'LJ100';
    END IF;
    -- Its reason, kept beside the transfer's identifications; rolled back with the rest if the refund is refused.
    INSERT INTO "payout_identifications" ("transaction_id", "outcome", "user_id", "agent_id", "presented", "at")
      VALUES (transfer."id", 'approved', p_user_id, p_agent_id,
        jsonb_build_object('reason', p_args->>'reason', 'refund', p_refund_number), p_at);
  ELSE
    -- The sender identified at the counter, as a payout's recipient (decisions 112 and 200): the caller read
    -- the transfer and compared the identity presented; the lock is checked here.
    IF transfer."id" IS DISTINCT FROM (p_args->>'transferId')::uuid THEN
      RAISE EXCEPTION 'transfer read is not the transfer' USING ERRCODE = 'LJ104';
    END IF;
    IF ledger_failed_identifications(transfer."id") >= (p_args->>'failedIdentificationsLimit')::integer THEN
      RAISE EXCEPTION 'TransferLocked' USING ERRCODE = 'LJ100';
    END IF;
    IF NOT coalesce((p_args->>'identified')::boolean, false) THEN
      RAISE EXCEPTION 'identification failed' USING ERRCODE = 'LJ105';
    END IF;
  END IF;
  -- Pending under the lock taken above: settled.
  UPDATE "transactions" AS t SET "status" = 'cancelled', "settled_at" = p_at WHERE t."id" = transfer."id";
  -- The amount goes back to the sender's account, or in cash mode to the sending agent's float.
  result."refs" := jsonb_build_object('destination', coalesce(transfer."sender_account_id"::text, p_args->>'float'));
  result."amount" := transfer."amount_centimes";
  result."sender_ref" := transfer."sender_account_id"::text;
  result."sender_person_id" := transfer."sender_person_id";
  result."recipient" := transfer."recipient";
  result."related_id" := transfer."id";
  result."facts" := jsonb_build_object('amount', transfer."amount_centimes",
    'sender_account_number', (SELECT a."account_number" FROM "accounts" AS a
      WHERE a."id" = transfer."sender_account_id"),
    'sender_person_id', transfer."sender_person_id",
    'sender', (SELECT to_jsonb(x) FROM (SELECT p."id", p."first_name", p."last_name", p."id_document_type",
        p."id_document_number", p."phone_number", p."address"
      FROM "persons" AS p WHERE p."id" = transfer."sender_person_id") AS x),
    'recipient', transfer."recipient");
  RETURN result;
END
$$;
