CREATE OR REPLACE FUNCTION "ledger_transactions_references"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  wanted uuid[];
  locked integer;
BEGIN
  wanted := ARRAY(SELECT DISTINCT r.id FROM "inserted" AS i,
      LATERAL (VALUES (i."account_id"), (i."sender_account_id"), (i."recipient_account_id")) AS r(id)
    WHERE r.id IS NOT NULL);
  IF (SELECT count(*) FROM "accounts" AS a WHERE a."id" = ANY (wanted)) <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "transactions" violates a foreign key to "accounts"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'A transaction names an account that does not exist.';
  END IF;
  wanted := ARRAY(SELECT DISTINCT i."agent_id" FROM "inserted" AS i WHERE i."agent_id" IS NOT NULL);
  IF (SELECT count(*) FROM "agents" AS g WHERE g."id" = ANY (wanted)) <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "transactions" violates foreign key "transactions_agent_id_agents_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'A transaction names an agent that does not exist.';
  END IF;
  wanted := ARRAY(SELECT DISTINCT i."created_by_user_id" FROM "inserted" AS i);
  IF (SELECT count(*) FROM "users" AS u WHERE u."id" = ANY (wanted)) <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "transactions" violates foreign key "transactions_created_by_user_id_users_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'A transaction names a user that does not exist.';
  END IF;
  -- A person may be deleted while nothing names it: the sender is locked as a foreign key locks it, in id order.
  wanted := ARRAY(SELECT DISTINCT i."sender_person_id" FROM "inserted" AS i
    WHERE i."sender_person_id" IS NOT NULL ORDER BY 1);
  IF array_length(wanted, 1) > 0 THEN
    PERFORM 1 FROM "persons" AS p WHERE p."id" = ANY (wanted) ORDER BY p."id" FOR KEY SHARE;
    GET DIAGNOSTICS locked = ROW_COUNT;
    IF locked <> array_length(wanted, 1) THEN
      RAISE EXCEPTION 'insert on table "transactions" violates foreign key "transactions_sender_person_id_persons_id_fk"'
        USING ERRCODE = 'foreign_key_violation', DETAIL = 'A transaction names a person that does not exist.';
    END IF;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS "transactions_references" ON "transactions";
CREATE TRIGGER "transactions_references" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transactions_references"();
