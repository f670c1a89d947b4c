CREATE OR REPLACE FUNCTION "ledger_batch_claim_keys"(p_items "ledger_batch_item"[],
  OUT key_texts text[], OUT key_first integer[], OUT key_state text[], OUT key_hash text[],
  OUT key_status integer[], OUT key_body text[])
LANGUAGE plpgsql AS $$
DECLARE
  claim record;
  claimed text[];
  stored record;
  it "ledger_batch_item";
  k integer;
  n integer;
BEGIN
  -- The keys first, distinct and sorted: a concurrent request with one of them holds the batch here until
  -- it ends, then (READ COMMITTED) its answer is read. Each key is 'claimed' with the answer its first item
  -- stores if it posts, or 'stored' with the answer found (its hash, status and body).
  key_texts := '{}';
  key_first := '{}';
  FOR claim IN SELECT DISTINCT ON (x."user_id", x."route", x."key") x."user_id", x."route", x."key",
        x.ordinality::integer AS first_item
      FROM unnest(p_items) WITH ORDINALITY AS x
      WHERE x."key" IS NOT NULL
      ORDER BY x."user_id", x."route", x."key", x.ordinality LOOP
    key_texts := key_texts || (claim."user_id"::text || chr(1) || claim."route" || chr(1) || claim."key");
    key_first := key_first || claim.first_item;
  END LOOP;
  n := coalesce(array_length(key_first, 1), 0);
  key_state := array_fill(NULL::text, ARRAY[n]);
  key_hash := array_fill(NULL::text, ARRAY[n]);
  key_status := array_fill(NULL::integer, ARRAY[n]);
  key_body := array_fill(NULL::text, ARRAY[n]);
  IF n = 0 THEN
    RETURN;
  END IF;
  WITH inserted AS (
    INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
        "response_body", "created_at")
      SELECT (p_items[c.f])."user_id", (p_items[c.f])."route", (p_items[c.f])."key",
          (p_items[c.f])."request_hash", 201, coalesce((p_items[c.f])."body", ''), (p_items[c.f])."at"
        FROM unnest(key_first) WITH ORDINALITY AS c(f, o)
        ORDER BY c.o
      ON CONFLICT DO NOTHING
      RETURNING "user_id"::text || chr(1) || "route" || chr(1) || "key" AS t)
  SELECT coalesce(array_agg(inserted.t), '{}') INTO claimed FROM inserted;
  FOR k IN 1 .. n LOOP
    IF key_texts[k] = ANY (claimed) THEN
      key_state[k] := 'claimed';
      CONTINUE;
    END IF;
    it := p_items[key_first[k]];
    LOOP
      SELECT ik."request_hash", ik."response_status", ik."response_body" INTO stored
        FROM "idempotency_keys" AS ik
        WHERE ik."user_id" = it."user_id" AND ik."route" = it."route" AND ik."key" = it."key";
      IF FOUND THEN
        key_state[k] := 'stored';
        key_hash[k] := stored."request_hash";
        key_status[k] := stored."response_status";
        key_body[k] := stored."response_body";
        EXIT;
      END IF;
      -- Pruned since the insert: this one claims it.
      INSERT INTO "idempotency_keys" ("user_id", "route", "key", "request_hash", "response_status",
          "response_body", "created_at")
        VALUES (it."user_id", it."route", it."key", it."request_hash", 201, coalesce(it."body", ''), it."at")
        ON CONFLICT DO NOTHING;
      IF FOUND THEN
        key_state[k] := 'claimed';
        EXIT;
      END IF;
    END LOOP;
  END LOOP;
END
$$;
