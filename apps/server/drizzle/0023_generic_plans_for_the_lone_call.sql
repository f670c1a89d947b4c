-- Decision 169 (issue 14, "Speed at the limit"): statements planned once per connection, not at every call.
-- PL/pgSQL keeps a plan per statement: a plan made for the call's values at the first five calls, then a generic
-- one only if its estimated cost is no higher. For a statement over `id = ANY (array)` the generic plan's
-- estimate (an array of unknown length) stays higher, so these statements were planned again at every call
-- (`pg_stat_statements` with track_planning: plans = calls), each plan 14–57 µs, about 230 µs a movement posted
-- alone, where the call itself runs about 1.25 ms:
-- - in `ledger_post_movement` (0007, the movement posted alone: every request that finds no batch in flight,
--   a failed batch's movements, 0009's payouts and refunds): the rows locked FOR NO KEY UPDATE and the
--   balances' update;
-- - in the references' triggers (0018), which fire for every posting: each table's rows locked FOR KEY SHARE.
-- The batch function has planned once per connection since 0015 (plan_cache_mode = force_generic_plan); these
-- three functions now do too. Their generic plans are the same index scans of the primary keys.
ALTER FUNCTION "ledger_post_movement"(uuid, text, text, text, timestamptz, text[], text[], text, text, text,
  boolean, text, bigint, uuid, bigint, bigint, bigint, bigint, text[], bigint[], uuid, text, text, text, uuid, uuid,
  text, text, text, uuid, jsonb, jsonb, uuid, text) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION "ledger_entries_references"() SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION "ledger_transactions_references"() SET plan_cache_mode = force_generic_plan;
