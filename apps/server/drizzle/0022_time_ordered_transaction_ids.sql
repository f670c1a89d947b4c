-- Decision 168 (issue 14, "Speed at the limit"): transactions get time-ordered ids.
-- A transaction's id was a random UUID (version 4, chosen by the server, or gen_random_uuid() by default). It is
-- the key of two indexes written at every posting: "transactions_pkey" once, "entries_transaction_idx" once per
-- entry (four a transfer). Random keys land anywhere in those indexes: each insert descends the tree to a page
-- of its own, and once the indexes outgrow shared_buffers every posting reads and dirties pages all over them
-- (with a full-page image in the WAL for each page first touched after a checkpoint). Keys in time order land
-- on the right-hand edge, where PostgreSQL inserts without descending (its cached rightmost leaf), and the
-- pages written stay few whatever the ledger's size.
-- The server now chooses version-7 UUIDs (RFC 9562: the Unix time in milliseconds, then random bits;
-- ledger/ids.ts); the database's default does the same for the roads that let it choose (seeds, tests).
-- Existing ids are kept: nothing reads an order from them, the history sorts by (created_at, id) and a
-- transaction is named by its number, which stays random.
CREATE FUNCTION "ledger_time_ordered_uuid"() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
      PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
    52, 1), 53, 1), 'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "id" SET DEFAULT "ledger_time_ordered_uuid"();
