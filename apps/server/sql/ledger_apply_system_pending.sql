CREATE OR REPLACE FUNCTION "ledger_apply_system_pending"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account record;
BEGIN
  DELETE FROM "system_balance_pending" AS p WHERE p."id" = NEW."id";
  UPDATE "accounts"
    SET "balance_centimes" = "balance_centimes" + NEW."amount_centimes", "updated_at" = NEW."at"
    WHERE "id" = NEW."account_id" AND "kind" = 'system'
    RETURNING "status", "currency", "balance_centimes", "system_code" INTO account;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF account."status" <> 'active' THEN
    RAISE EXCEPTION 'ledger: system account % is not active', NEW."account_id" USING ERRCODE = 'LJ001';
  END IF;
  IF account."currency" <> 'HTG' THEN
    RAISE EXCEPTION 'ledger: system account % is not in HTG', NEW."account_id" USING ERRCODE = 'LJ002';
  END IF;
  IF account."balance_centimes" < 0 AND account."system_code" IS DISTINCT FROM 'treasury' THEN
    RAISE EXCEPTION 'ledger: system account % would go below zero', NEW."account_id" USING ERRCODE = 'LJ003';
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS "system_balance_pending_at_commit" ON "system_balance_pending";
CREATE CONSTRAINT TRIGGER "system_balance_pending_at_commit"
  AFTER INSERT ON "system_balance_pending"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_apply_system_pending"();
