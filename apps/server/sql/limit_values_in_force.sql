CREATE OR REPLACE FUNCTION "limit_values_in_force"()
RETURNS TABLE ("version_number" integer, "category" text, "per_operation_centimes" bigint,
  "per_day_centimes" bigint, "per_thirty_days_centimes" bigint)
LANGUAGE sql STABLE AS $$
  -- The customer's limits in force (decision 227): the non-cancelled version with the greatest effective_from
  -- not after now() (ties: greatest number), read by the posting and by `limitsLeft` alike.
  SELECT v."number", l."category", l."per_operation_centimes", l."per_day_centimes", l."per_thirty_days_centimes"
    FROM (SELECT w."id", w."number" FROM "limit_versions" AS w
        WHERE w."cancelled_at" IS NULL AND w."effective_from" <= now()
        ORDER BY w."effective_from" DESC, w."number" DESC LIMIT 1) AS v
      JOIN "limit_values" AS l ON l."version_id" = v."id"
$$;
