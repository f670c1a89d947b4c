ALTER TABLE "accounts" DROP CONSTRAINT "accounts_balance_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_check" CHECK ("accounts"."balance_centimes" >= 0 OR "accounts"."system_code" IS NOT DISTINCT FROM 'treasury');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_currency_check" CHECK ("transactions"."currency" = 'HTG');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_agent_deposit_check" CHECK ("transactions"."type" <> 'agent_deposit' OR ("transactions"."fee_centimes" = 0 AND "transactions"."amount_centimes" <= 100000000));--> statement-breakpoint
-- The ledger's rules held by the database itself (DESIGN §4, docs/decisions/121-database-invariants.md), so
-- that a direct SQL write, a bug or an injection cannot break them: the checks above (no customer or float
-- balance below zero, HTG only, an agent deposit without fee and at most 1 000 000 HTG), and below:
-- the entries of every transaction sum to zero, two or more of them, when the transaction commits
-- (SQLSTATE LJ004); an entry is never changed or deleted (LJ011); a posted transaction is never deleted,
-- and only an external transfer's status changes, once, from pending (LJ012). TRUNCATE (an operator's
-- deliberate act, used by the tests between cases) fires none of them.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  txn uuid;
  total numeric;
  n integer;
BEGIN
  IF TG_TABLE_NAME = 'entries' THEN
    txn := NEW."transaction_id";
  ELSE
    txn := NEW."id";
  END IF;
  SELECT coalesce(sum(e."amount_centimes"), 0), count(*) INTO total, n
    FROM "entries" AS e WHERE e."transaction_id" = txn;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'ledger: the % entries of transaction % sum to %, not zero over two or more',
      n, txn, total USING ERRCODE = 'LJ004';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "entries_balanced_at_commit"
  AFTER INSERT ON "entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_balanced_at_commit"
  AFTER INSERT ON "transactions"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();--> statement-breakpoint
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: an entry is never changed or deleted (% refused)', TG_OP USING ERRCODE = 'LJ011';
END
$$;--> statement-breakpoint
CREATE TRIGGER "entries_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE FUNCTION "ledger_transactions_posted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD."type" = 'external_transfer' AND OLD."status" = 'pending'
    AND NEW."status" IN ('completed', 'cancelled')
    AND to_jsonb(NEW) - 'status' - 'settled_at' = to_jsonb(OLD) - 'status' - 'settled_at' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger: a posted transaction is never changed or deleted (% refused)', TG_OP
    USING ERRCODE = 'LJ012';
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_posted_unchanged"
  BEFORE UPDATE OR DELETE ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_transactions_posted"();
