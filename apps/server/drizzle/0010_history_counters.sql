CREATE TABLE "account_day_totals" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"amount_centimes" bigint NOT NULL,
	CONSTRAINT "account_day_totals_account_id_day_slot_pk" PRIMARY KEY("account_id","day","slot")
);
--> statement-breakpoint
CREATE TABLE "history_counts" (
	"agent_key" uuid NOT NULL,
	"type" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "history_counts_agent_key_type_slot_pk" PRIMARY KEY("agent_key","type","slot")
);
--> statement-breakpoint
-- The history's totals and the balance chart's days, kept by the postings themselves (decision 144): a
-- trigger per statement on each table, so that every road that posts (ledger_post_movement, the batch
-- function, ledger.ts's statement, a seed) counts, in the posting's own database transaction. The triggers
-- are created before the backfill, in the migration's transaction, so that no posting is counted twice or
-- missed. Keys are upserted in sorted order: two statements lock the rows they share in the same order.
CREATE FUNCTION "history_count_transactions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "history_counts" AS c ("agent_key", "type", "slot", "n")
    SELECT coalesce(i."agent_id", '00000000-0000-0000-0000-000000000000'::uuid), i."type",
           pg_backend_pid() % 16, count(*)
    FROM "inserted" AS i GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("agent_key", "type", "slot") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_history_counts" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "history_count_transactions"();--> statement-breakpoint
CREATE FUNCTION "history_add_day_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_day_totals" AS d ("account_id", "day", "slot", "amount_centimes")
    SELECT i."account_id", (i."created_at" AT TIME ZONE 'America/Port-au-Prince')::date,
           CASE WHEN a."kind" = 'system' THEN pg_backend_pid() % 16 ELSE 0 END, sum(i."amount_centimes")
    FROM "inserted" AS i JOIN "accounts" AS a ON a."id" = i."account_id"
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("account_id", "day", "slot") DO UPDATE SET "amount_centimes" = d."amount_centimes" + excluded."amount_centimes";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "entries_account_day_totals" AFTER INSERT ON "entries"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "history_add_day_totals"();--> statement-breakpoint
INSERT INTO "history_counts" ("agent_key", "type", "slot", "n")
  SELECT coalesce("agent_id", '00000000-0000-0000-0000-000000000000'::uuid), "type", 0, count(*)
  FROM "transactions" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "account_day_totals" ("account_id", "day", "slot", "amount_centimes")
  SELECT "account_id", ("created_at" AT TIME ZONE 'America/Port-au-Prince')::date, 0, sum("amount_centimes")
  FROM "entries" GROUP BY 1, 2;
