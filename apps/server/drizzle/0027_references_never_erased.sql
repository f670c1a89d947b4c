-- Decision 179 (issue 14, "Speed at the limit"): the ledger's references need no lock where the row can never go.
-- 0018 locked every row an inserted entry or transaction names FOR KEY SHARE, as a foreign key does, so that it
-- could not be deleted before the posting committed. Of those rows:
-- - a transaction is never deleted nor re-keyed (0005, LJ012);
-- - an account, an agent and a user are never erased by Lajan: an account is closed, an agent and a user get
--   "deleted_at" (the API says so). The database now says it too: deleting one, or changing its id, is refused
--   outright (LJ015), whether the ledger names it yet or not;
-- - a person may still be deleted while nothing refers to it (DELETE /persons/{id}): the sender of an external
--   transfer is still locked FOR KEY SHARE, and its guard (0018) still refuses it once named.
-- A row that exists in the statement's snapshot and can never be deleted needs no lock: its existence is
-- counted, not locked. Each lock was a heap write (and a WAL record) on the batch's transaction rows, on its
-- teller's and agent's rows and on the shared system accounts (fee income, treasury), which every concurrent
-- posting locked in turn (a multixact when two held it).
CREATE OR REPLACE FUNCTION "ledger_referenced_row_kept"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."id" = OLD."id" THEN
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME IN ('accounts', 'agents', 'users') THEN
    RAISE EXCEPTION 'ledger: a row of "%" is never erased nor re-keyed (% refused)', TG_TABLE_NAME, TG_OP
      USING ERRCODE = 'LJ015', DETAIL = 'An account is closed, an agent or a user deleted_at; none disappears.';
  END IF;
  -- The reads below see what committed before this statement only under READ COMMITTED: under a longer
  -- snapshot, a posting committed since would be missed (the foreign key's cross-check saw it).
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'ledger: a row the ledger may refer to is deleted or re-keyed under READ COMMITTED only'
      USING ERRCODE = 'LJ014';
  END IF;
  IF TG_TABLE_NAME = 'persons'
    AND EXISTS (SELECT 1 FROM "transactions" AS t WHERE t."sender_person_id" = OLD."id") THEN
    RAISE EXCEPTION 'update or delete on table "%" violates a foreign key of the ledger', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An entry or a transaction refers to this row.';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_entries_references"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  wanted uuid[];
BEGIN
  wanted := ARRAY(SELECT DISTINCT i."account_id" FROM "inserted" AS i);
  IF (SELECT count(*) FROM "accounts" AS a WHERE a."id" = ANY (wanted)) <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "entries" violates foreign key "entries_account_id_accounts_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An entry names an account that does not exist.';
  END IF;
  wanted := ARRAY(SELECT DISTINCT i."transaction_id" FROM "inserted" AS i);
  IF (SELECT count(*) FROM "transactions" AS t WHERE t."id" = ANY (wanted))
      <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "entries" violates foreign key "entries_transaction_id_transactions_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An entry names a transaction that does not exist.';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
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
