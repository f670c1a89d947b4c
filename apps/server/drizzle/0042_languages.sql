-- Decision 237: the language a user chose for her screens (French until she picks Kreyòl), and the language of
-- a customer's receipts and e-mails; every row of before speaks French.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" IN ('fr', 'ht'));--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "preferred_language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_preferred_language_check" CHECK ("persons"."preferred_language" IN ('fr', 'ht'));
