CREATE OR REPLACE FUNCTION "ledger_batch_sms"(p_items "ledger_batch_item"[], p_outcome text[], p_flat_item integer[],
  p_flat_account uuid[], p_flat_delta bigint[], p_locked_ids uuid[], p_locked_balance bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- The SMS of the posted items (decision 241), in the posting's transaction: a refused or rolled back item
  -- queues none, a replay is not posted. Facts only: `smsText` writes each in its reader's language.
  IF NOT 'posted' = ANY (p_outcome) THEN
    RETURN;
  END IF;
  -- A receipt to the principal holder of each customer account an item moved, if she prefers SMS; a refund
  -- has none (its sender's notice below says it). The balance is the one after this item, not the batch.
  INSERT INTO "sms_outbox" ("kind", "to_number", "language", "facts", "transaction_id", "created_at",
      "next_attempt_at")
    SELECT 'receipt', p."phone_number", p."preferred_language",
        jsonb_build_object('type', x."type", 'number', x."transaction_number", 'amount', x."amount",
          'fee', CASE WHEN m.delta < 0 AND x."type" IN ('withdrawal', 'transfer', 'external_transfer')
            THEN coalesce(x."fee", 0) ELSE 0 END,
          'delta', m.delta, 'account', a."account_number",
          'balance', p_locked_balance[array_position(p_locked_ids, m.account)] - coalesce((
            SELECT sum(p_flat_delta[h.f]) FROM generate_subscripts(p_flat_item, 1) AS h(f)
            WHERE p_flat_account[h.f] = m.account AND p_flat_item[h.f] > m.item
              AND p_outcome[p_flat_item[h.f]] = 'posted'), 0)),
        x."transaction_id", x."at", x."at"
      FROM (SELECT p_flat_item[g.f] AS item, p_flat_account[g.f] AS account, p_flat_delta[g.f] AS delta
          FROM generate_subscripts(p_flat_item, 1) AS g(f)
          WHERE p_outcome[p_flat_item[g.f]] = 'posted' AND p_flat_account[g.f] = ANY (p_locked_ids)) AS m
      JOIN unnest(p_items) WITH ORDINALITY AS x ON x.ordinality = m.item
      JOIN "accounts" AS a ON a."id" = m.account AND a."kind" = 'customer'
      JOIN "account_holders" AS ah ON ah."account_id" = a."id" AND ah."position" = 0
      JOIN "persons" AS p ON p."id" = ah."person_id" AND p."preferred_contact_method" = 'sms'
        AND p."phone_number" IS NOT NULL AND p."deleted_at" IS NULL
      WHERE x."type" <> 'external_refund'
      ORDER BY m.item, m.account;
  -- The pick-up code to an external transfer's recipient, in its sender's language (French without one).
  INSERT INTO "sms_outbox" ("kind", "to_number", "language", "facts", "transaction_id", "created_at",
      "next_attempt_at")
    SELECT 'pickup_code', x."recipient"->>'phoneNumber', coalesce(p."preferred_language", 'fr'),
        jsonb_build_object('number', x."transaction_number", 'amount', x."amount"),
        x."transaction_id", x."at", x."at"
      FROM unnest(p_items) WITH ORDINALITY AS x
      LEFT JOIN "persons" AS p ON p."id" = x."sender_person_id"
      WHERE p_outcome[x.ordinality] = 'posted' AND x."type" = 'external_transfer'
        AND coalesce(x."recipient"->>'phoneNumber', '') <> ''
      ORDER BY x.ordinality;
  -- The sender's notice when her transfer is settled by this very item (paid out, cancelled, expired by the
  -- job), if she prefers SMS; a cash refund of an expired transfer, later at the counter, sends none.
  INSERT INTO "sms_outbox" ("kind", "to_number", "language", "facts", "transaction_id", "created_at",
      "next_attempt_at")
    SELECT CASE t."status" WHEN 'completed' THEN 'transfer_paid' WHEN 'cancelled' THEN 'transfer_cancelled'
          ELSE 'transfer_expired' END,
        p."phone_number", p."preferred_language",
        jsonb_build_object('number', t."transaction_number", 'amount', t."amount_centimes",
          'account', (SELECT s."account_number" FROM "accounts" AS s WHERE s."id" = t."sender_account_id")),
        x."transaction_id", x."at", x."at"
      FROM unnest(p_items) WITH ORDINALITY AS x
      JOIN "transactions" AS t ON t."id" = x."related_transaction_id" AND t."type" = 'external_transfer'
        AND t."settled_at" = x."at" AND t."status" IN ('completed', 'cancelled', 'expired')
      JOIN "persons" AS p ON p."id" = t."sender_person_id" AND p."preferred_contact_method" = 'sms'
        AND p."phone_number" IS NOT NULL AND p."deleted_at" IS NULL
      WHERE p_outcome[x.ordinality] = 'posted' AND x."type" IN ('external_payout', 'external_refund')
      ORDER BY x.ordinality;
END
$$;
