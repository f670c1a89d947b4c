CREATE OR REPLACE FUNCTION "fee_version_in_force"(p_type text) RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  setting text := 'lajan.fee_version_' || p_type;
  pinned text := current_setting(setting, true);
  version record;
BEGIN
  IF pinned IS NOT NULL AND pinned <> '' THEN
    RETURN pinned::uuid;
  END IF;
  SELECT w."id", w."number" INTO version FROM "fee_versions" AS w
    WHERE w."type" = p_type AND w."cancelled_at" IS NULL AND w."effective_from" <= now()
    ORDER BY w."effective_from" DESC, w."number" DESC LIMIT 1;
  IF version."id" IS NOT NULL THEN
    PERFORM set_config(setting, version."id"::text, true);
    PERFORM set_config('lajan.fee_number_' || p_type, version."number"::text, true);
  END IF;
  RETURN version."id";
END;
$$;
