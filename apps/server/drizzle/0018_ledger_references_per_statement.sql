-- Decision 163 (issue 14, "Speed at the limit"): the ledger's references checked once per statement.
-- The foreign keys of "entries" (account, transaction) and of "transactions" (its accounts, agent, teller
-- and sender) were checked row by row: a batch of eight transfers queued and fired about a hundred
-- referential triggers, each one query, about a tenth of PostgreSQL's time per batch. They are replaced by
-- what they guaranteed, set by set:
-- - after a statement inserts entries or transactions, every row they refer to is locked FOR KEY SHARE (as
--   the foreign key's check did, so that it cannot be deleted until the inserting transaction ends) by one
--   query per table, in ascending id order; a row missing raises 23503 (foreign_key_violation), as before;
-- - before a row of accounts, agents, users or persons is deleted or its id changed, it is refused with
--   23503 if an entry or a transaction refers to it (the delete waits for the row's KEY SHARE lockers, then
--   reads what they committed; such a delete under a longer snapshot is refused, LJ014).
-- Each function runs with its search_path set (pg_temp last): a temporary table cannot stand in for these.
-- The lock-and-count is written out per table, not one function over a table's name: a dynamic statement
-- (EXECUTE) would be planned at every call, and these run with every posting.
-- Entries and transactions are never updated in their references (0005: entries are append-only, a
-- posted transaction changes only its status) nor deleted. The other tables keep their foreign keys.
ALTER TABLE "entries" DROP CONSTRAINT "entries_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "entries" DROP CONSTRAINT "entries_transaction_id_transactions_id_fk";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_agent_id_agents_id_fk";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_created_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_recipient_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_sender_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_sender_person_id_persons_id_fk";--> statement-breakpoint
CREATE FUNCTION "ledger_entries_references"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  wanted uuid[];
  locked integer;
BEGIN
  wanted := ARRAY(SELECT DISTINCT i."account_id" FROM "inserted" AS i ORDER BY 1);
  PERFORM 1 FROM "accounts" AS a WHERE a."id" = ANY (wanted) ORDER BY a."id" FOR KEY SHARE;
  GET DIAGNOSTICS locked = ROW_COUNT;
  IF locked <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "entries" violates foreign key "entries_account_id_accounts_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An entry names an account that does not exist.';
  END IF;
  wanted := ARRAY(SELECT DISTINCT i."transaction_id" FROM "inserted" AS i ORDER BY 1);
  PERFORM 1 FROM "transactions" AS t WHERE t."id" = ANY (wanted) ORDER BY t."id" FOR KEY SHARE;
  GET DIAGNOSTICS locked = ROW_COUNT;
  IF locked <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "entries" violates foreign key "entries_transaction_id_transactions_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An entry names a transaction that does not exist.';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "entries_references" AFTER INSERT ON "entries"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_references"();--> statement-breakpoint
CREATE FUNCTION "ledger_transactions_references"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  wanted uuid[];
  locked integer;
BEGIN
  wanted := ARRAY(SELECT DISTINCT r.id FROM "inserted" AS i,
      LATERAL (VALUES (i."account_id"), (i."sender_account_id"), (i."recipient_account_id")) AS r(id)
    WHERE r.id IS NOT NULL ORDER BY 1);
  PERFORM 1 FROM "accounts" AS a WHERE a."id" = ANY (wanted) ORDER BY a."id" FOR KEY SHARE;
  GET DIAGNOSTICS locked = ROW_COUNT;
  IF locked <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "transactions" violates a foreign key to "accounts"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'A transaction names an account that does not exist.';
  END IF;
  wanted := ARRAY(SELECT DISTINCT i."agent_id" FROM "inserted" AS i WHERE i."agent_id" IS NOT NULL ORDER BY 1);
  PERFORM 1 FROM "agents" AS g WHERE g."id" = ANY (wanted) ORDER BY g."id" FOR KEY SHARE;
  GET DIAGNOSTICS locked = ROW_COUNT;
  IF locked <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "transactions" violates foreign key "transactions_agent_id_agents_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'A transaction names an agent that does not exist.';
  END IF;
  wanted := ARRAY(SELECT DISTINCT i."created_by_user_id" FROM "inserted" AS i ORDER BY 1);
  PERFORM 1 FROM "users" AS u WHERE u."id" = ANY (wanted) ORDER BY u."id" FOR KEY SHARE;
  GET DIAGNOSTICS locked = ROW_COUNT;
  IF locked <> coalesce(array_length(wanted, 1), 0) THEN
    RAISE EXCEPTION 'insert on table "transactions" violates foreign key "transactions_created_by_user_id_users_id_fk"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'A transaction names a user that does not exist.';
  END IF;
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
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_references" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transactions_references"();--> statement-breakpoint
-- The other side: a row an entry or a transaction refers to is neither deleted nor given another id.
CREATE FUNCTION "ledger_referenced_row_kept"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."id" = OLD."id" THEN
    RETURN NEW;
  END IF;
  -- The reads below see what committed before this statement only under READ COMMITTED: under a longer
  -- snapshot, a posting committed since would be missed (the foreign key's cross-check saw it).
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'ledger: a row the ledger may refer to is deleted or re-keyed under READ COMMITTED only'
      USING ERRCODE = 'LJ014';
  END IF;
  IF (CASE TG_TABLE_NAME
      WHEN 'accounts' THEN EXISTS (SELECT 1 FROM "entries" AS e WHERE e."account_id" = OLD."id")
        OR EXISTS (SELECT 1 FROM "transactions" AS t WHERE t."account_id" = OLD."id")
        OR EXISTS (SELECT 1 FROM "transactions" AS t WHERE t."sender_account_id" = OLD."id")
        OR EXISTS (SELECT 1 FROM "transactions" AS t WHERE t."recipient_account_id" = OLD."id")
      WHEN 'agents' THEN EXISTS (SELECT 1 FROM "transactions" AS t WHERE t."agent_id" = OLD."id")
      WHEN 'users' THEN EXISTS (SELECT 1 FROM "transactions" AS t WHERE t."created_by_user_id" = OLD."id")
      WHEN 'persons' THEN EXISTS (SELECT 1 FROM "transactions" AS t WHERE t."sender_person_id" = OLD."id")
      ELSE false END) THEN
    RAISE EXCEPTION 'update or delete on table "%" violates a foreign key of the ledger', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An entry or a transaction refers to this row.';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_referenced_by_the_ledger" BEFORE DELETE OR UPDATE OF "id" ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_referenced_row_kept"();--> statement-breakpoint
CREATE TRIGGER "agents_referenced_by_the_ledger" BEFORE DELETE OR UPDATE OF "id" ON "agents"
  FOR EACH ROW EXECUTE FUNCTION "ledger_referenced_row_kept"();--> statement-breakpoint
CREATE TRIGGER "users_referenced_by_the_ledger" BEFORE DELETE OR UPDATE OF "id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "ledger_referenced_row_kept"();--> statement-breakpoint
CREATE TRIGGER "persons_referenced_by_the_ledger" BEFORE DELETE OR UPDATE OF "id" ON "persons"
  FOR EACH ROW EXECUTE FUNCTION "ledger_referenced_row_kept"();
