CREATE OR REPLACE FUNCTION "ledger_flow_refund_expired"(p_args jsonb, p_agent_id uuid) RETURNS "ledger_flow_read"
LANGUAGE plpgsql AS $$
DECLARE
  transfer record;
  result "ledger_flow_read";
BEGIN
  -- An expired transfer refunded in cash by its agent to its identified sender (decision 225): the row first,
  -- before any account; its status stays `expired`, the refund's unique link says it is paid back.
  SELECT t."id", t."type", t."status", t."agent_id", t."sender_person_id", t."recipient" INTO transfer
    FROM "transactions" AS t WHERE t."transaction_number" = p_args->>'transactionNumber' FOR UPDATE;
  IF NOT FOUND OR transfer."type" <> 'external_transfer' THEN
    RAISE EXCEPTION 'TransactionNotFound transactionNumber' USING ERRCODE = 'LJ100';
  END IF;
  IF transfer."agent_id" IS DISTINCT FROM p_agent_id THEN
    RAISE EXCEPTION 'NotSendingAgent' USING ERRCODE = 'LJ100';
  END IF;
  IF transfer."status" <> 'expired' OR EXISTS (SELECT 1 FROM "transactions" AS r
      WHERE r."related_transaction_id" = transfer."id" AND r."type" = 'external_refund') THEN
    RAISE EXCEPTION 'TransferNotToRefund' USING ERRCODE = 'LJ100';
  END IF;
  -- The sender identified at the counter, as for a cancellation (decision 200): one lock for all tries.
  IF transfer."id" IS DISTINCT FROM (p_args->>'transferId')::uuid THEN
    RAISE EXCEPTION 'transfer read is not the transfer' USING ERRCODE = 'LJ104';
  END IF;
  IF ledger_failed_identifications(transfer."id") >= (p_args->>'failedIdentificationsLimit')::integer THEN
    RAISE EXCEPTION 'TransferLocked' USING ERRCODE = 'LJ100';
  END IF;
  IF NOT coalesce((p_args->>'identified')::boolean, false) THEN
    RAISE EXCEPTION 'identification failed' USING ERRCODE = 'LJ105';
  END IF;
  result."sender_person_id" := transfer."sender_person_id";
  result."recipient" := transfer."recipient";
  result."related_id" := transfer."id";
  -- The answer's sender, as the cancellation's facts give it (decision 222).
  result."facts" := jsonb_build_object('sender', (SELECT to_jsonb(x) FROM (SELECT p."id", p."first_name",
      p."last_name", p."id_document_type", p."id_document_number", p."phone_number", p."address"
    FROM "persons" AS p WHERE p."id" = transfer."sender_person_id") AS x));
  RETURN result;
END
$$;
