CREATE OR REPLACE FUNCTION "ledger_batch_write"(p_items "ledger_batch_item"[], p_outcome text[],
  p_numbers text[], p_ids uuid[], p_flat_item integer[], p_flat_account uuid[], p_flat_delta bigint[],
  p_locked_ids uuid[], p_locked_balance bigint[], p_locked_at timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  version_types text[];
  version_numbers integer[];
BEGIN
  -- The transaction rows of the posted items, in batch order. A number committed by another batch since it
  -- was read: the unique index refuses the row (23505), the batch fails whole and its items are then posted
  -- one by one (decision 142); a plain insert spares each row the arbiter index's probe.
  IF 'posted' = ANY (p_outcome) THEN
    -- The version each row records, once per type (a scalar subquery: in the WHERE it would be called once
    -- per row of fee_versions); the row trigger then finds it already there.
    SELECT coalesce(array_agg(d."type"), '{}'),
        coalesce(array_agg((SELECT v."number" FROM "fee_versions" AS v
          WHERE v."id" = (SELECT "fee_version_in_force"(d."type")))), '{}')
      INTO version_types, version_numbers
      FROM (SELECT DISTINCT x."type" FROM unnest(p_items) WITH ORDINALITY AS x
        WHERE p_outcome[x.ordinality] = 'posted'
          AND x."type" IN ('deposit', 'withdrawal', 'transfer', 'external_transfer')) AS d;
    INSERT INTO "transactions" ("id", "transaction_number", "type", "status", "amount_centimes", "fee_centimes",
        "agent_share_centimes", "currency", "agent_id", "created_by_user_id", "account_id", "sender_account_id",
        "recipient_account_id", "sender_person_id", "recipient", "party", "related_transaction_id", "created_at",
        "fee_version")
      SELECT x."transaction_id", x."transaction_number", x."type", x."status", x."amount",
          coalesce(x."fee", 0), coalesce(x."share", 0), 'HTG', x."agent_id", x."created_by_user_id",
          ledger_account_of(x."account_ref", p_numbers, p_ids), ledger_account_of(x."sender_ref", p_numbers, p_ids),
          ledger_account_of(x."recipient_ref", p_numbers, p_ids), x."sender_person_id",
          x."recipient", x."party", x."related_transaction_id", x."at",
          version_numbers[array_position(version_types, x."type")]
        FROM unnest(p_items) WITH ORDINALITY AS x
        WHERE p_outcome[x.ordinality] = 'posted'
        ORDER BY x.ordinality;
  END IF;

  -- The entries of every posted item, in ascending account order: the commit-time trigger then locks the
  -- system rows in ascending id order, as every other movement does.
  INSERT INTO "entries" ("transaction_id", "account_id", "amount_centimes", "created_at")
    SELECT p_items[p_flat_item[g.f]]."transaction_id", p_flat_account[g.f], p_flat_delta[g.f],
        p_items[p_flat_item[g.f]]."at"
    FROM generate_subscripts(p_flat_item, 1) AS g(f)
    WHERE p_outcome[p_flat_item[g.f]] = 'posted'
    ORDER BY p_flat_account[g.f], p_flat_item[g.f];
  -- The rows changed, each found by its key (= ANY: an index scan of the primary key), never a hash join
  -- over every account, which a plan kept for the connection would choose at a few thousand accounts.
  UPDATE "accounts" AS a SET "balance_centimes" = p_locked_balance[array_position(p_locked_ids, a."id")],
      "updated_at" = p_locked_at[array_position(p_locked_ids, a."id")]
    WHERE a."id" = ANY (ARRAY(SELECT x.id FROM unnest(p_locked_ids, p_locked_at) AS x(id, at)
      WHERE x.at IS NOT NULL));
END
$$;
