-- Decision 199: a wrong document number is counted where it was typed. `target` names what was guessed at
-- (an account number on a money route, a person's id for a sender or an account opening's holders): five
-- failures on one target in 15 minutes lock that target for that user; fifteen of a user across targets,
-- or fifty of an address, lock the rest. Rows of before have none: they count for the user and the address.
ALTER TABLE "login_attempts" ADD COLUMN "target" text;--> statement-breakpoint
CREATE INDEX "login_attempts_target_idx" ON "login_attempts" USING btree ("kind","username","target","created_at");
