-- Fee versions (issue 16, item 4; docs/decisions/150-fee-versions.md): a change of the schedule takes effect at a
-- chosen moment and never edits the past. Each fee type has a chain of versions (1, 2, 3…), each with its bands;
-- the version in force for a type is the non-cancelled one with the greatest effective_from not after the
-- database's now() (ties: the greatest number). The old table keeps its rows as version 1 of each type, under the
-- name fee_bands; the name fee_schedule becomes a view of the bands in force at now(), with the same columns, so
-- that the functions of migrations 0007 and 0008 (which check the band a caller priced with against
-- "fee_schedule") need no change: a band of a version no longer in force is then "not in force", LJ101, and the
-- caller reads the schedule again. A transaction of a banded type records the number of its version, set by a
-- trigger from the version in force at the same now() the posting's check used.
CREATE TABLE "fee_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"number" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" uuid,
	CONSTRAINT "fee_versions_number_check" CHECK ("fee_versions"."number" > 0),
	CONSTRAINT "fee_versions_cancel_check" CHECK ("fee_versions"."cancelled_by_user_id" IS NULL OR "fee_versions"."cancelled_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_versions_type_number_key" ON "fee_versions" USING btree ("type","number");--> statement-breakpoint
CREATE INDEX "fee_versions_type_effective_idx" ON "fee_versions" USING btree ("type","effective_from" DESC NULLS LAST);--> statement-breakpoint
-- The rows of each type become its version 1, in force since they were written, by whom wrote them last.
INSERT INTO "fee_versions" ("type", "number", "effective_from", "created_at", "created_by_user_id")
  SELECT s."type", 1, min(s."updated_at"), min(s."updated_at"),
         (array_agg(s."updated_by_user_id" ORDER BY s."updated_at" DESC))[1]
    FROM "fee_schedule" AS s GROUP BY s."type";--> statement-breakpoint
ALTER TABLE "fee_schedule" RENAME TO "fee_bands";--> statement-breakpoint
ALTER TABLE "fee_bands" RENAME CONSTRAINT "fee_schedule_band_check" TO "fee_bands_band_check";--> statement-breakpoint
ALTER TABLE "fee_bands" RENAME CONSTRAINT "fee_schedule_fee_check" TO "fee_bands_fee_check";--> statement-breakpoint
ALTER INDEX "fee_schedule_pkey" RENAME TO "fee_bands_pkey";--> statement-breakpoint
-- Two versions of a type have bands with the same lower bound: the band is unique within its version.
DROP INDEX "fee_schedule_band_key";--> statement-breakpoint
ALTER TABLE "fee_bands" ADD COLUMN "version_id" uuid;--> statement-breakpoint
UPDATE "fee_bands" AS b SET "version_id" = v."id" FROM "fee_versions" AS v WHERE v."type" = b."type";--> statement-breakpoint
ALTER TABLE "fee_bands" ALTER COLUMN "version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_bands" ADD CONSTRAINT "fee_bands_version_id_fee_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."fee_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_bands_version_band_key" ON "fee_bands" USING btree ("version_id","min_amount_centimes");--> statement-breakpoint
CREATE INDEX "fee_bands_type_min_idx" ON "fee_bands" USING btree ("type","min_amount_centimes");--> statement-breakpoint
-- The bands in force at now() (the transaction's start: the check of a posting and its reads agree), with their
-- version. Read-only: the editor writes fee_versions and fee_bands.
CREATE VIEW "fee_schedule" AS
  SELECT b."id", b."type", b."min_amount_centimes", b."max_amount_centimes", b."fee_centimes",
         b."agent_share_centimes", b."updated_at", b."updated_by_user_id",
         v."id" AS "version_id", v."number" AS "version_number", v."effective_from" AS "version_effective_from"
    FROM "fee_versions" AS v JOIN "fee_bands" AS b ON b."version_id" = v."id"
    WHERE v."id" = (SELECT w."id" FROM "fee_versions" AS w
                      WHERE w."type" = v."type" AND w."cancelled_at" IS NULL AND w."effective_from" <= now()
                      ORDER BY w."effective_from" DESC, w."number" DESC LIMIT 1);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fee_version" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_fee_version_check" CHECK ("transactions"."fee_version" IS NULL OR "transactions"."type" IN ('deposit', 'withdrawal', 'transfer', 'external_transfer'));--> statement-breakpoint
-- Every road that posts (ledger_post_movement, the batch function, ledger.ts's statement) inserts the row in the
-- transaction whose now() chose the band: the version in force at that now() is the one it was charged with.
CREATE FUNCTION "transactions_set_fee_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."fee_version" := (SELECT v."number" FROM "fee_versions" AS v
    WHERE v."type" = NEW."type" AND v."cancelled_at" IS NULL AND v."effective_from" <= now()
    ORDER BY v."effective_from" DESC, v."number" DESC LIMIT 1);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_fee_version" BEFORE INSERT ON "transactions"
  FOR EACH ROW WHEN (NEW."type" IN ('deposit', 'withdrawal', 'transfer', 'external_transfer'))
  EXECUTE FUNCTION "transactions_set_fee_version"();
