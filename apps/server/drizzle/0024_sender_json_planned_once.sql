-- Decision 170 (issue 14, "Speed at the limit"): the answer's sender read by a statement planned once per
-- connection, not at every call.
-- 0009's `ledger_sender_json` was a SQL-language function that PostgreSQL 15 does not inline (its body reads
-- its parameter inside a subquery): each call went through the SQL function executor, which plans its body
-- again at every call. `pg_stat_statements` with track_planning, over a load of every flow (the crash bench's
-- mix, 60 s, 12 tellers): 3 253 calls, 3 253 plans of 0.247 ms each, for 0.031 ms of execution, in every
-- external transfer sent, every payout and every refund. PL/pgSQL keeps the plan of its statement for the
-- connection's life (a lookup by primary key: the generic plan is the same index scan). Same text, same 'null'
-- for no person.
CREATE OR REPLACE FUNCTION "ledger_sender_json"(p_person_id uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT row_to_json(x)::text FROM (SELECT p."id" AS "id",
      coalesce(p."first_name", '') AS "firstName", coalesce(p."last_name", '') AS "lastName",
      p."id_document_type" AS "idDocumentType", p."id_document_number" AS "idDocumentNumber",
      p."phone_number" AS "phoneNumber", p."address" AS "address"
    FROM "persons" AS p WHERE p."id" = p_person_id) AS x), 'null');
END
$$;
