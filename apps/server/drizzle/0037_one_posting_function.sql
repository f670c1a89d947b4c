-- Decision 216: one function locks, checks and writes every movement, and each flow's reads are a function of
-- their own. 0032's `ledger_post_flow` becomes the key's claim, a call of its flow's reads
-- (`ledger_flow_agent_deposit`, `_external_transfer`, `_cancel`, `_payout`, each as 0032 had it inline), and its
-- movement posted as a batch of one of `ledger_post_movements` (0020), whose outcomes become 0007's errors
-- (LJ100–LJ103); 0007's `ledger_post_movement`, whose last caller it was, is dropped.
CREATE TYPE "ledger_flow_read" AS (
  "agent_id" uuid, "refs" jsonb, "amount" bigint, "sender_ref" text, "sender_person_id" uuid,
  "recipient" jsonb, "related_id" uuid, "slots" jsonb
);--> statement-breakpoint
CREATE FUNCTION "ledger_failed_identifications"(p_transfer uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  -- The failed identifications of a transfer since it was last unlocked (decisions 112 and 200).
  SELECT count(*) FROM "payout_identifications" AS f
    WHERE f."transaction_id" = p_transfer AND f."outcome" = 'failed'
      AND f."id" > coalesce((SELECT max(u."id") FROM "payout_identifications" AS u
        WHERE u."transaction_id" = p_transfer AND u."outcome" = 'unlocked'), 0)
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_flow_agent_deposit"(p_args jsonb) RETURNS "ledger_flow_read" LANGUAGE plpgsql AS $$
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
  result."slots" := jsonb_build_object(
    'agent', (SELECT row_to_json(x)::text FROM (SELECT p_args->>'code' AS "code", found_row."name" AS "name") AS x),
    'recipientAccountNumber', to_json(found_row."float_number")::text,
    'recipientAccount', '{"accountNumber":' || to_json(found_row."float_number")::text || '}');
  RETURN result;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_flow_external_transfer"(p_args jsonb) RETURNS "ledger_flow_read" LANGUAGE plpgsql AS $$
DECLARE
  result "ledger_flow_read";
BEGIN
  -- The sender, a person not deleted, before the account it sends from (DESIGN §4's order).
  IF NOT EXISTS (SELECT 1 FROM "persons" AS p
      WHERE p."id" = (p_args->>'senderId')::uuid AND p."deleted_at" IS NULL) THEN
    RAISE EXCEPTION 'PersonNotFound senderId' USING ERRCODE = 'LJ100';
  END IF;
  result."slots" := jsonb_build_object('sender', ledger_sender_json((p_args->>'senderId')::uuid));
  RETURN result;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_flow_cancel"(p_args jsonb, p_agent_id uuid, p_user_id uuid, p_at timestamptz,
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
  UPDATE "transactions" AS t SET "status" = 'cancelled', "settled_at" = p_at
    WHERE t."id" = transfer."id" AND t."status" = 'pending';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'TransferNotPending' USING ERRCODE = 'LJ100';
  END IF;
  -- The amount goes back to the sender's account, or in cash mode to the sending agent's float.
  result."refs" := jsonb_build_object('destination', coalesce(transfer."sender_account_id"::text, p_args->>'float'));
  result."amount" := transfer."amount_centimes";
  result."sender_ref" := transfer."sender_account_id"::text;
  result."sender_person_id" := transfer."sender_person_id";
  result."recipient" := transfer."recipient";
  result."related_id" := transfer."id";
  result."slots" := jsonb_build_object(
    'amount', ledger_htg_json(transfer."amount_centimes"), 'total', ledger_htg_json(transfer."amount_centimes"),
    'senderAccountNumber', coalesce((SELECT to_json(a."account_number")::text FROM "accounts" AS a
      WHERE a."id" = transfer."sender_account_id"), 'null'),
    'senderAccount', coalesce((SELECT '{"accountNumber":' || to_json(a."account_number")::text || '}'
      FROM "accounts" AS a WHERE a."id" = transfer."sender_account_id"), 'null'),
    'senderId', coalesce(to_json(transfer."sender_person_id")::text, 'null'),
    'sender', ledger_sender_json(transfer."sender_person_id"),
    -- `presentTransaction`'s recipient: its fields, the names as text, the document's or null.
    'recipient', CASE WHEN transfer."recipient" IS NULL THEN 'null' ELSE (transfer."recipient"
      || jsonb_build_object(
        'firstName', CASE WHEN jsonb_typeof(transfer."recipient"->'firstName') = 'string'
          THEN transfer."recipient"->'firstName' ELSE '""' END,
        'lastName', CASE WHEN jsonb_typeof(transfer."recipient"->'lastName') = 'string'
          THEN transfer."recipient"->'lastName' ELSE '""' END,
        'idDocumentType', coalesce(transfer."recipient"->'idDocumentType', 'null'),
        'idDocumentNumber', coalesce(transfer."recipient"->'idDocumentNumber', 'null')))::text END);
  RETURN result;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_flow_payout"(p_args jsonb, p_at timestamptz) RETURNS "ledger_flow_read"
LANGUAGE plpgsql AS $$
DECLARE
  transfer record;
  found_row record;
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
  UPDATE "transactions" AS t SET "status" = 'completed', "settled_at" = p_at
    WHERE t."id" = transfer."id" AND t."status" = 'pending';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'TransferNotPending' USING ERRCODE = 'LJ100';
  END IF;
  -- The sender as the payout's answer shows it: a person not deleted, else none.
  SELECT p."id" INTO found_row FROM "persons" AS p
    WHERE p."id" = transfer."sender_person_id" AND p."deleted_at" IS NULL;
  result."slots" := jsonb_build_object(
    'senderId', CASE WHEN FOUND THEN to_json(found_row."id")::text ELSE 'null' END,
    'sender', CASE WHEN FOUND THEN ledger_sender_json(found_row."id") ELSE 'null' END);
  RETURN result;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_post_flow"(
  p_flow text, p_args jsonb, p_nonce text,
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
) RETURNS TABLE ("out_replayed" boolean, "out_status" integer, "out_body" text)
LANGUAGE plpgsql AS $$
DECLARE
  stored record;
  reads "ledger_flow_read";
  posted record;
  amount bigint;
  sender_ref text;
  body text := p_body;
  slot record;
BEGIN
  -- The key first, as `ledger_post_movements` does: a repeat gets the first answer whatever changed since.
  IF p_key IS NOT NULL THEN
    LOOP
      INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
          "response_body", "created_at")
        VALUES (p_user_id, p_route, p_key, p_request_hash, 0, '', p_at)
        ON CONFLICT DO NOTHING;
      EXIT WHEN FOUND;
      SELECT ik."request_hash", ik."response_status", ik."response_body" INTO stored FROM "idempotency_keys" AS ik
        WHERE ik."user_id" = p_user_id AND ik."route" = p_route AND ik."key" = p_key;
      IF FOUND THEN
        IF stored."request_hash" <> p_request_hash THEN
          RAISE EXCEPTION 'IdempotencyConflict' USING ERRCODE = 'LJ100';
        END IF;
        RETURN QUERY SELECT true, stored."response_status", stored."response_body";
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
  IF reads."slots" IS NULL THEN
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

  FOR slot IN SELECT s.key, s.value FROM jsonb_each_text(reads."slots") AS s LOOP
    body := replace(body, '"' || p_nonce || ':' || slot.key || '"', slot.value);
  END LOOP;
  IF p_key IS NOT NULL THEN
    UPDATE "idempotency_keys" AS ik SET "response_status" = 201, "response_body" = body
      WHERE ik."user_id" = p_user_id AND ik."route" = p_route AND ik."key" = p_key;
  END IF;
  RETURN QUERY SELECT false, 201, body;
END
$$;--> statement-breakpoint
DROP FUNCTION "ledger_post_movement"(uuid, text, text, text, timestamptz, text[], text[], text, text, text,
  boolean, text, bigint, uuid, bigint, bigint, bigint, bigint, text[], bigint[], uuid, text, text, text, uuid, uuid,
  text, text, text, uuid, jsonb, jsonb, uuid, text);
