CREATE OR REPLACE FUNCTION "ledger_batch_limits"(p_items "ledger_batch_item"[], p_numbers text[], p_ids uuid[],
  OUT pair_item integer[], OUT pair_slot integer[], OUT per_operation bigint[],
  OUT slot_person uuid[], OUT slot_category text[], OUT slot_day date[], OUT slot_total bigint[],
  OUT slot_day_left bigint[], OUT slot_window_left bigint[])
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
    slots AS (SELECT d.person, d.category, d.day, row_number() OVER (ORDER BY d.person, d.category, d.day) AS o
      FROM (SELECT DISTINCT p.person, p.category, p.day FROM pairs AS p) AS d)
  SELECT coalesce(array_agg(p.item ORDER BY p.item, s.o), '{}'), coalesce(array_agg(s.o::integer ORDER BY p.item, s.o), '{}'),
      ARRAY(SELECT s.person FROM slots AS s ORDER BY s.o), ARRAY(SELECT s.category FROM slots AS s ORDER BY s.o),
      ARRAY(SELECT s.day FROM slots AS s ORDER BY s.o)
    INTO pair_item, pair_slot, slot_person, slot_category, slot_day
    FROM pairs AS p JOIN slots AS s USING (person, category, day);
  IF cardinality(slot_person) = 0 THEN
    RETURN;
  END IF;
  -- The day's rows, made if missing, then locked in (person, category, day) order, after the accounts.
  INSERT INTO "person_limit_days" ("person_id", "category", "day", "total_centimes")
    SELECT s.person, s.category, s.day, 0 FROM unnest(slot_person, slot_category, slot_day) AS s(person, category, day)
    ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING;
  PERFORM FROM "person_limit_days" AS d
    JOIN unnest(slot_person, slot_category, slot_day) AS s(person, category, day)
      ON d."person_id" = s.person AND d."category" = s.category AND d."day" = s.day
    ORDER BY d."person_id", d."category", d."day" FOR NO KEY UPDATE OF d;
  -- Read once locked (a fresh snapshot): the day's total, the 30 days' (the day and the 29 before), what is left
  -- of the limits in force; no limit in force for a category: counted, never refused.
  SELECT array_agg(r.total ORDER BY r.o), array_agg(v."per_day_centimes" - r.total ORDER BY r.o),
      array_agg(v."per_thirty_days_centimes" - r.window_total ORDER BY r.o)
    INTO slot_total, slot_day_left, slot_window_left
    FROM (SELECT s.o, s.category, (SELECT d."total_centimes" FROM "person_limit_days" AS d WHERE d."person_id" = s.person
            AND d."category" = s.category AND d."day" = s.day) AS total,
          (SELECT sum(d."total_centimes") FROM "person_limit_days" AS d WHERE d."person_id" = s.person
            AND d."category" = s.category AND d."day" BETWEEN s.day - 29 AND s.day) AS window_total
        FROM unnest(slot_person, slot_category, slot_day) WITH ORDINALITY AS s(person, category, day, o)) AS r
      LEFT JOIN limit_values_in_force() AS v ON v."category" = r.category;
  per_operation := ARRAY(SELECT CASE WHEN x.ordinality::integer = ANY (pair_item) THEN v."per_operation_centimes" END
    FROM unnest(p_items) WITH ORDINALITY AS x
    LEFT JOIN limit_values_in_force() AS v ON v."category" = x."limit_category" ORDER BY x.ordinality);
END
$$;
