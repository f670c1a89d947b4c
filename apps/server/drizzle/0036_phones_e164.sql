-- Decision 204 (DESIGN §7): phone numbers are stored in E.164, Haiti's +509 when none was typed. The forms an
-- earlier build stored are rewritten as `normalizePhone` (packages/domain) now writes them, for the shapes a
-- Haitian network holds: 8 digits; 509 and 8 digits; 00 before +509, +1 or +33; +33 0 before 9 digits.
-- A person's number whose rewrite another person already holds (the uniqueness was bypassed) keeps its form
-- and is listed in `phone_reviews` for the super administrator (GET /api/persons/phone-reviews).
CREATE TABLE "phone_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL REFERENCES "persons"("id") ON DELETE CASCADE,
	"phone_number" text NOT NULL,
	"normal_form" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "phone_reviews_person_idx" ON "phone_reviews" USING btree ("person_id");--> statement-breakpoint
WITH "wanted" AS (
	SELECT "id", "phone_number" AS "old", CASE
		WHEN "phone_number" ~ '^[0-9]{8}$' THEN '+509' || "phone_number"
		WHEN "phone_number" ~ '^509[0-9]{8}$' THEN '+' || "phone_number"
		WHEN "phone_number" ~ '^00(509[0-9]{8}|1[0-9]{10}|33[0-9]{9})$' THEN '+' || substr("phone_number", 3)
		WHEN "phone_number" ~ '^\+330[0-9]{9}$' THEN '+33' || substr("phone_number", 5)
	END AS "normal"
	FROM "persons"
	WHERE "phone_number" IS NOT NULL
), "moving" AS (
	SELECT * FROM "wanted" WHERE "normal" IS NOT NULL AND "normal" <> "old"
), "blocked" AS (
	SELECT m.* FROM "moving" m
	WHERE EXISTS (SELECT 1 FROM "persons" p WHERE p."phone_number" = m."normal")
		OR EXISTS (SELECT 1 FROM "moving" o WHERE o."normal" = m."normal" AND o."id" <> m."id")
), "listed" AS (
	INSERT INTO "phone_reviews" ("person_id", "phone_number", "normal_form")
	SELECT "id", "old", "normal" FROM "blocked"
	RETURNING "person_id"
)
UPDATE "persons" p SET "phone_number" = m."normal"
	FROM "moving" m
	WHERE p."id" = m."id" AND m."id" NOT IN (SELECT "id" FROM "blocked");--> statement-breakpoint
UPDATE "agents" SET "phone" = CASE
		WHEN "phone" ~ '^[0-9]{8}$' THEN '+509' || "phone"
		WHEN "phone" ~ '^509[0-9]{8}$' THEN '+' || "phone"
		WHEN "phone" ~ '^00(509[0-9]{8}|1[0-9]{10}|33[0-9]{9})$' THEN '+' || substr("phone", 3)
		WHEN "phone" ~ '^\+330[0-9]{9}$' THEN '+33' || substr("phone", 5)
	END
	WHERE "phone" ~ '^([0-9]{8}|509[0-9]{8}|00(509[0-9]{8}|1[0-9]{10}|33[0-9]{9})|\+330[0-9]{9})$';
