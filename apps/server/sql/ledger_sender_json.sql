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
