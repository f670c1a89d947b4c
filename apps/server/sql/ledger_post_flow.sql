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
  found_row record;
  transfer record;
  refs jsonb := '{}';
  slots jsonb := '{}';
  agent_id uuid := p_agent_id;
  amount bigint := p_amount;
  entry_amounts bigint[] := p_entry_amounts;
  sender_ref text := p_sender_ref;
  sender_person_id uuid := p_sender_person_id;
  recipient jsonb := p_recipient;
  related_id uuid := p_related_transaction_id;
  body text := p_body;
  slot record;
BEGIN
  -- The key first, as `ledger_post_movement` does: a repeat gets the first answer whatever changed since.
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

  IF p_flow = 'agent_deposit' THEN
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
    agent_id := found_row."id";
    refs := jsonb_build_object('float', found_row."float_id");
    slots := jsonb_build_object(
      'agent', (SELECT row_to_json(x)::text FROM (SELECT p_args->>'code' AS "code", found_row."name" AS "name") AS x),
      'recipientAccountNumber', to_json(found_row."float_number")::text,
      'recipientAccount', '{"accountNumber":' || to_json(found_row."float_number")::text || '}');
  ELSIF p_flow = 'external_transfer' THEN
    -- The sender, a person not deleted, before the account it sends from (DESIGN §4's order).
    IF NOT EXISTS (SELECT 1 FROM "persons" AS p
        WHERE p."id" = (p_args->>'senderId')::uuid AND p."deleted_at" IS NULL) THEN
      RAISE EXCEPTION 'PersonNotFound senderId' USING ERRCODE = 'LJ100';
    END IF;
    slots := jsonb_build_object('sender', ledger_sender_json((p_args->>'senderId')::uuid));
  ELSIF p_flow IN ('cancel', 'payout') THEN
    -- The transfer's row first, before any account (DESIGN §4): a payout and a cancellation of one
    -- transfer run one after the other.
    SELECT t."id", t."type", t."status", t."amount_centimes", t."agent_id", t."sender_account_id",
        t."sender_person_id", t."recipient"
      INTO transfer FROM "transactions" AS t
      WHERE t."transaction_number" = p_args->>'transactionNumber' FOR UPDATE;
    IF NOT FOUND OR transfer."type" <> 'external_transfer' THEN
      RAISE EXCEPTION '%', rtrim('TransactionNotFound ' || coalesce(p_args->>'notFoundField', ''))
        USING ERRCODE = 'LJ100';
    END IF;
    IF p_flow = 'cancel' THEN
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
      ELSE
        -- The sender identified at the counter, as a payout's recipient (decisions 112 and 200): the
        -- caller read the transfer and compared the identity presented; the lock is checked here.
        IF transfer."id" IS DISTINCT FROM (p_args->>'transferId')::uuid THEN
          RAISE EXCEPTION 'transfer read is not the transfer' USING ERRCODE = 'LJ104';
        END IF;
        IF (SELECT count(*) FROM "payout_identifications" AS f
            WHERE f."transaction_id" = transfer."id" AND f."outcome" = 'failed'
              AND f."id" > coalesce((SELECT max(u."id") FROM "payout_identifications" AS u
                WHERE u."transaction_id" = transfer."id" AND u."outcome" = 'unlocked'), 0))
            >= (p_args->>'failedIdentificationsLimit')::integer THEN
          RAISE EXCEPTION 'TransferLocked' USING ERRCODE = 'LJ100';
        END IF;
        IF NOT coalesce((p_args->>'identified')::boolean, false) THEN
          RAISE EXCEPTION 'identification failed' USING ERRCODE = 'LJ105';
        END IF;
      END IF;
      -- The amount goes back to the sender's account, or in cash mode to the sending agent's float.
      refs := jsonb_build_object('destination',
        coalesce(transfer."sender_account_id"::text, p_args->>'float'));
      amount := transfer."amount_centimes";
      sender_ref := transfer."sender_account_id"::text;
      sender_person_id := transfer."sender_person_id";
      recipient := transfer."recipient";
      related_id := transfer."id";
      slots := jsonb_build_object(
        'amount', ledger_htg_json(amount), 'total', ledger_htg_json(amount),
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
    ELSE
      -- The payout: the caller read the transfer (its row never changes but for its status) and
      -- compared the identity presented; here, under the lock, the order of decision 112.
      IF transfer."id" IS DISTINCT FROM (p_args->>'transferId')::uuid THEN
        RAISE EXCEPTION 'transfer read is not the transfer' USING ERRCODE = 'LJ104';
      END IF;
      IF transfer."status" <> 'pending' THEN
        RAISE EXCEPTION 'TransferNotPending' USING ERRCODE = 'LJ100';
      END IF;
      IF (SELECT count(*) FROM "payout_identifications" AS f
          WHERE f."transaction_id" = transfer."id" AND f."outcome" = 'failed'
            AND f."id" > coalesce((SELECT max(u."id") FROM "payout_identifications" AS u
              WHERE u."transaction_id" = transfer."id" AND u."outcome" = 'unlocked'), 0))
          >= (p_args->>'failedIdentificationsLimit')::integer THEN
        RAISE EXCEPTION 'TransferLocked' USING ERRCODE = 'LJ100';
      END IF;
      IF p_args->>'amount' IS NOT NULL AND (p_args->>'amount')::bigint <> transfer."amount_centimes" THEN
        RAISE EXCEPTION 'AmountMismatch amount' USING ERRCODE = 'LJ100';
      END IF;
      IF NOT (p_args->>'identified')::boolean THEN
        RAISE EXCEPTION 'identification failed' USING ERRCODE = 'LJ105';
      END IF;
      -- The sender as the payout's answer shows it: a person not deleted, else none.
      SELECT p."id" INTO found_row FROM "persons" AS p
        WHERE p."id" = transfer."sender_person_id" AND p."deleted_at" IS NULL;
      slots := jsonb_build_object(
        'senderId', CASE WHEN FOUND THEN to_json(found_row."id")::text ELSE 'null' END,
        'sender', CASE WHEN FOUND THEN ledger_sender_json(found_row."id") ELSE 'null' END);
    END IF;
    UPDATE "transactions" AS t
      SET "status" = CASE WHEN p_flow = 'cancel' THEN 'cancelled' ELSE 'completed' END, "settled_at" = p_at
      WHERE t."id" = transfer."id" AND t."status" = 'pending';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'TransferNotPending' USING ERRCODE = 'LJ100';
    END IF;
  ELSE
    RAISE EXCEPTION 'ledger_post_flow: unknown flow %', p_flow;
  END IF;

  -- The caller's entries for one centime, when the amount is the transfer's.
  IF p_amount IS NULL THEN
    entry_amounts := ARRAY(SELECT e.v * amount FROM unnest(p_entry_amounts) WITH ORDINALITY AS e(v, n)
      ORDER BY e.n);
  END IF;

  PERFORM 1 FROM ledger_post_movement(NULL, NULL, NULL, NULL, p_at,
    p_numbers, p_number_fields, p_holder_number, p_document_type, p_document_number, p_deferred_check,
    p_fee_type, amount, p_band_id, p_band_min, p_band_max, p_fee, p_share,
    ARRAY(SELECT CASE WHEN r LIKE '@%' THEN refs->>substr(r, 2) ELSE r END
      FROM unnest(p_entry_refs) WITH ORDINALITY AS e(r, n) ORDER BY e.n),
    entry_amounts,
    p_transaction_id, p_transaction_number, p_type, p_status, agent_id, p_created_by_user_id,
    CASE WHEN p_account_ref LIKE '@%' THEN refs->>substr(p_account_ref, 2) ELSE p_account_ref END,
    CASE WHEN sender_ref LIKE '@%' THEN refs->>substr(sender_ref, 2) ELSE sender_ref END,
    CASE WHEN p_recipient_ref LIKE '@%' THEN refs->>substr(p_recipient_ref, 2) ELSE p_recipient_ref END,
    sender_person_id, recipient, p_party, related_id, NULL);

  -- The administrator's approval and its reason, kept beside the transfer's identifications (decision 200).
  IF p_flow = 'cancel' AND p_args ? 'reason' THEN
    INSERT INTO "payout_identifications" ("transaction_id", "outcome", "user_id", "agent_id", "presented", "at")
      VALUES (related_id, 'approved', p_created_by_user_id, p_agent_id,
        jsonb_build_object('reason', p_args->>'reason', 'refund', p_transaction_number), p_at);
  END IF;

  FOR slot IN SELECT s.key, s.value FROM jsonb_each_text(slots) AS s LOOP
    body := replace(body, '"' || p_nonce || ':' || slot.key || '"', slot.value);
  END LOOP;
  IF p_key IS NOT NULL THEN
    UPDATE "idempotency_keys" AS ik SET "response_status" = 201, "response_body" = body
      WHERE ik."user_id" = p_user_id AND ik."route" = p_route AND ik."key" = p_key;
  END IF;
  RETURN QUERY SELECT false, 201, body;
END
$$;
