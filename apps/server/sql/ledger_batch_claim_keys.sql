CREATE OR REPLACE FUNCTION "ledger_batch_claim_keys"(p_items "ledger_batch_item"[]) RETURNS "ledger_batch_key"[]
LANGUAGE plpgsql AS $$
DECLARE
  keys "ledger_batch_key"[];
  claimed text[];
  stored record;
  it "ledger_batch_item";
  k integer;
BEGIN
  -- The keys first, distinct and sorted: a concurrent request with one of them holds the batch here until
  -- it ends, then (READ COMMITTED) its answer is read. Each key is 'claimed' with the answer its first item
  -- stores if it posts, or 'stored' with the answer found (its hash, status and body).
  keys := ARRAY(SELECT ROW(d.key_text, d.first_item, NULL, NULL, NULL, NULL, NULL)::"ledger_batch_key"
    FROM (SELECT DISTINCT ON (x."user_id", x."route", x."key") x."user_id", x."route", x."key",
        x."user_id"::text || chr(1) || x."route" || chr(1) || x."key" AS key_text, x.ordinality::integer AS first_item
      FROM unnest(p_items) WITH ORDINALITY AS x WHERE x."key" IS NOT NULL
      ORDER BY x."user_id", x."route", x."key", x.ordinality) AS d
    ORDER BY d."user_id", d."route", d."key");
  IF cardinality(keys) = 0 THEN
    RETURN keys;
  END IF;
  WITH inserted AS (
    INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
        "response_body", "created_at")
      SELECT (p_items[c.first_item])."user_id", (p_items[c.first_item])."route", (p_items[c.first_item])."key",
          (p_items[c.first_item])."request_hash", 201, coalesce((p_items[c.first_item])."body", ''),
          (p_items[c.first_item])."at"
        FROM unnest(keys) WITH ORDINALITY AS c
        ORDER BY c.ordinality
      ON CONFLICT DO NOTHING
      RETURNING "user_id"::text || chr(1) || "route" || chr(1) || "key" AS t)
  SELECT coalesce(array_agg(inserted.t), '{}') INTO claimed FROM inserted;
  FOR k IN 1 .. cardinality(keys) LOOP
    IF keys[k].key_text = ANY (claimed) THEN
      keys[k].state := 'claimed';
      CONTINUE;
    END IF;
    it := p_items[keys[k].first_item];
    LOOP
      SELECT ik."request_hash", ik."response_status", ik."response_body" INTO stored
        FROM "idempotency_keys" AS ik
        WHERE ik."user_id" = it."user_id" AND ik."route" = it."route" AND ik."key" = it."key";
      IF FOUND THEN
        keys[k] := ROW(keys[k].key_text, keys[k].first_item, 'stored', stored."request_hash",
          stored."response_status", stored."response_body", NULL);
        EXIT;
      END IF;
      -- Pruned since the insert: this one claims it.
      INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
          "response_body", "created_at")
        VALUES (it."user_id", it."route", it."key", it."request_hash", 201, coalesce(it."body", ''), it."at")
        ON CONFLICT DO NOTHING;
      IF FOUND THEN
        keys[k].state := 'claimed';
        EXIT;
      END IF;
    END LOOP;
  END LOOP;
  RETURN keys;
END
$$;
