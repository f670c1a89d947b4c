CREATE OR REPLACE FUNCTION "ledger_flow_payout"(p_args jsonb, p_at timestamptz) RETURNS "ledger_flow_read"
LANGUAGE plpgsql AS $$
DECLARE
  transfer record;
  result "ledger_flow_read";
BEGIN
  -- The transfer's row first, before any account, as a cancellation's (DESIGN §4).
  SELECT t."id", t."type", t."status", t."amount_centimes", t."sender_person_id" INTO transfer
    FROM "transactions" AS t WHERE t."transaction_number" = p_args->>'transactionNumber' FOR UPDATE;
  IF NOT FOUND OR transfer."type" <> 'external_transfer' THEN
    RAISE EXCEPTION '%', rtrim('TransactionNotFound ' || coalesce(p_args->>'notFoundField', ''))
      USING ERRCODE = 'LJ100';
  END IF;
  -- The caller read the transfer (its row never changes but for its status) and compared the identity
  -- presented; here, under the lock, the order of decision 112.
  IF transfer."id" IS DISTINCT FROM (p_args->>'transferId')::uuid THEN
    RAISE EXCEPTION 'transfer read is not the transfer' USING ERRCODE = 'LJ104';
  END IF;
  IF transfer."status" = 'expired' THEN
    RAISE EXCEPTION 'TransferExpired' USING ERRCODE = 'LJ100';
  END IF;
  IF transfer."status" <> 'pending' THEN
    RAISE EXCEPTION 'TransferNotPending' USING ERRCODE = 'LJ100';
  END IF;
  IF ledger_failed_identifications(transfer."id") >= (p_args->>'failedIdentificationsLimit')::integer THEN
    RAISE EXCEPTION 'TransferLocked' USING ERRCODE = 'LJ100';
  END IF;
  IF p_args->>'amount' IS NOT NULL AND (p_args->>'amount')::bigint <> transfer."amount_centimes" THEN
    RAISE EXCEPTION 'AmountMismatch amount' USING ERRCODE = 'LJ100';
  END IF;
  IF NOT (p_args->>'identified')::boolean THEN
    RAISE EXCEPTION 'identification failed' USING ERRCODE = 'LJ105';
  END IF;
  -- Pending under the lock taken above: settled.
  UPDATE "transactions" AS t SET "status" = 'completed', "settled_at" = p_at WHERE t."id" = transfer."id";
  -- The sender as the payout's answer shows it: a person not deleted, else none.
  result."facts" := jsonb_build_object('sender', (SELECT to_jsonb(x) FROM (SELECT p."id", p."first_name",
      p."last_name", p."id_document_type", p."id_document_number", p."phone_number", p."address"
    FROM "persons" AS p WHERE p."id" = transfer."sender_person_id" AND p."deleted_at" IS NULL) AS x));
  RETURN result;
END
$$;
