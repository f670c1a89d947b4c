-- The fee version a posting is charged with is the one it records (review of decision 150; decision 154).
-- Under READ COMMITTED each statement of a posting sees its own snapshot: the fee check (the view fee_schedule)
-- and the INSERT whose trigger records the version ran two statements apart, with the posting's lock waits
-- between them. A version "in force now" committed in that window was seen by the trigger and not by the
-- check: the row recorded a version whose fee it was not charged. The version in force for a type is now read
-- once per transaction, by fee_version_in_force(), which keeps its answer in a transaction-local setting; the
-- view and the trigger both ask it, so they agree whatever commits between them. A transaction that read no
-- version (the trigger's first call) reads it then, as before.
CREATE FUNCTION "fee_version_in_force"(p_type text) RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  setting text := 'lajan.fee_version_' || p_type;
  pinned text := current_setting(setting, true);
  found_id uuid;
BEGIN
  IF pinned IS NOT NULL AND pinned <> '' THEN
    RETURN pinned::uuid;
  END IF;
  SELECT w."id" INTO found_id FROM "fee_versions" AS w
    WHERE w."type" = p_type AND w."cancelled_at" IS NULL AND w."effective_from" <= now()
    ORDER BY w."effective_from" DESC, w."number" DESC LIMIT 1;
  IF found_id IS NOT NULL THEN
    PERFORM set_config(setting, found_id::text, true);
  END IF;
  RETURN found_id;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE VIEW "fee_schedule" AS
  SELECT b."id", b."type", b."min_amount_centimes", b."max_amount_centimes", b."fee_centimes",
         b."agent_share_centimes", b."updated_at", b."updated_by_user_id",
         v."id" AS "version_id", v."number" AS "version_number", v."effective_from" AS "version_effective_from"
    FROM "fee_versions" AS v JOIN "fee_bands" AS b ON b."version_id" = v."id"
    WHERE v."id" = "fee_version_in_force"(v."type");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_set_fee_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."fee_version" := (SELECT v."number" FROM "fee_versions" AS v
    WHERE v."id" = "fee_version_in_force"(NEW."type"));
  RETURN NEW;
END;
$$;
