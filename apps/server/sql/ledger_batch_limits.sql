CREATE OR REPLACE FUNCTION "ledger_batch_limits"(p_items "ledger_batch_item"[], p_numbers text[], p_ids uuid[],
  OUT pair_item integer[], OUT pair_slot integer[], OUT per_operation bigint[], OUT slots "ledger_limit_slot"[])
LANGUAGE plpgsql AS $$
BEGIN
  -- Whom each counted item counts (decision 227): the holders of its record's account, the persons it names,
  -- the registered person of its party's document; a slot per (person, category, day), in that order.
  WITH pairs AS MATERIALIZED (
      SELECT DISTINCT x.ordinality::integer AS item, w.person, x."limit_category" AS category, x."limit_day" AS day
        FROM unnest(p_items) WITH ORDINALITY AS x CROSS JOIN LATERAL (
          SELECT h."person_id" FROM "account_holders" AS h WHERE h."account_id" = ledger_account_of(
            CASE x."limit_holders" WHEN 'account' THEN x."account_ref" WHEN 'sender' THEN x."sender_ref" END,
            p_numbers, p_ids)
          UNION ALL SELECT unnest(x."limit_person_ids")
          UNION ALL SELECT p."id" FROM "persons" AS p WHERE x."limit_party" AND p."deleted_at" IS NULL
            AND p."id_document_type" = x."party"->>'idDocumentType'
            AND upper(p."id_document_number") = upper(x."party"->>'idDocumentNumber')) AS w(person)
        WHERE x."limit_category" IS NOT NULL AND w.person IS NOT NULL),
    keyed AS (SELECT d.*, row_number() OVER (ORDER BY d.person, d.category, d.day)::integer AS o
      FROM (SELECT DISTINCT p.person, p.category, p.day FROM pairs AS p) AS d)
  SELECT coalesce(array_agg(p.item ORDER BY p.item, k.o), '{}'), coalesce(array_agg(k.o ORDER BY p.item, k.o), '{}'),
      ARRAY(SELECT ROW(k.person, k.category, k.day, 0, NULL, NULL, 0)::"ledger_limit_slot" FROM keyed AS k ORDER BY k.o)
    INTO pair_item, pair_slot, slots
    FROM pairs AS p JOIN keyed AS k USING (person, category, day);
  IF cardinality(slots) = 0 THEN
    RETURN;
  END IF;
  -- The day's rows, made if missing, then locked in (person, category, day) order, after the accounts.
  INSERT INTO "person_limit_days" ("person_id", "category", "day", "total_centimes")
    SELECT s.person, s.category, s.day, 0 FROM unnest(slots) AS s ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING;
  PERFORM FROM "person_limit_days" AS d JOIN unnest(slots) AS s
      ON d."person_id" = s.person AND d."category" = s.category AND d."day" = s.day
    ORDER BY d."person_id", d."category", d."day" FOR NO KEY UPDATE OF d;
  -- Read once locked (a fresh snapshot): the day's total, the 30 days' (the day and the 29 before), what is left
  -- of the limits in force; no limit in force for a category: counted, never refused.
  slots := ARRAY(SELECT ROW(s.person, s.category, s.day, t.total, v."per_day_centimes" - t.total,
        v."per_thirty_days_centimes" - t.window_total, 0)::"ledger_limit_slot"
      FROM unnest(slots) WITH ORDINALITY AS s CROSS JOIN LATERAL (SELECT
          sum(d."total_centimes") FILTER (WHERE d."day" = s.day) AS total, sum(d."total_centimes") AS window_total
        FROM "person_limit_days" AS d WHERE d."person_id" = s.person AND d."category" = s.category
          AND d."day" BETWEEN s.day - 29 AND s.day) AS t
        LEFT JOIN limit_values_in_force() AS v ON v."category" = s.category
      ORDER BY s.ordinality);
  per_operation := ARRAY(SELECT CASE WHEN x.ordinality::integer = ANY (pair_item) THEN v."per_operation_centimes" END
    FROM unnest(p_items) WITH ORDINALITY AS x
    LEFT JOIN limit_values_in_force() AS v ON v."category" = x."limit_category" ORDER BY x.ordinality);
END
$$;
