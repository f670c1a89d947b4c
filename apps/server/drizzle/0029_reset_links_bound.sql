-- Decision 188: a reset link works only while the user's sessions and e-mail address are those it was sent
-- under. A password changed, sessions ended, a user disabled (each bumps `token_version`) or the address
-- changed leave the links already sent without effect. The links of before keep the present values: those
-- still unused stay valid until their hour ends, as they were, until one of those changes.
ALTER TABLE "password_reset_tokens" ADD COLUMN "token_version" integer;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "sent_to" text;--> statement-breakpoint
UPDATE "password_reset_tokens" AS t SET "token_version" = u."token_version", "sent_to" = coalesce(p."email", '')
  FROM "users" AS u JOIN "persons" AS p ON p."id" = u."person_id"
  WHERE u."id" = t."user_id";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ALTER COLUMN "token_version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ALTER COLUMN "sent_to" SET NOT NULL;
