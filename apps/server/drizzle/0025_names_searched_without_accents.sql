-- Decision 175: a name is searched with its case and accents set aside ("desir" finds "Désir"). The fold is
-- one IMMUTABLE SQL function of translate() alone, inlined by the planner, so that an index on it serves the
-- queries that call it; its letters are those of the domain's searchFoldFrom/searchFoldTo (a test holds them
-- equal). The combining accents U+0300–U+036F, past the end of the second list, are deleted: a name stored
-- decomposed ("De" + U+0301 + "sir") folds as the precomposed one. The history's name indexes (decision 139)
-- are built again on the folded names.
CREATE FUNCTION lajan_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝŸýÿÇçÑñŠšŽž̴̵̶̷̸̡̢̧̨̛̖̗̘̙̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡', 'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooooouuuuuuuuyyyyccnnsszz') $$;--> statement-breakpoint
DROP INDEX "persons_full_name_prefix_idx";--> statement-breakpoint
DROP INDEX "persons_last_name_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_party_name_idx";--> statement-breakpoint
DROP INDEX "transactions_party_last_name_idx";--> statement-breakpoint
DROP INDEX "transactions_recipient_name_idx";--> statement-breakpoint
DROP INDEX "transactions_recipient_last_name_idx";--> statement-breakpoint
CREATE INDEX "persons_full_name_prefix_idx" ON "persons" USING btree (lajan_fold("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_last_name_prefix_idx" ON "persons" USING btree (lajan_fold("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_party_name_idx" ON "transactions" USING btree (lajan_fold("party"->>'name') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_party_last_name_idx" ON "transactions" USING btree (lajan_fold(substr("party"->>'name', strpos("party"->>'name', ' ') + 1)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_recipient_name_idx" ON "transactions" USING btree (lajan_fold(coalesce("recipient"->>'firstName', '') || ' ' || coalesce("recipient"->>'lastName', '')) text_pattern_ops) WHERE "transactions"."recipient" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_recipient_last_name_idx" ON "transactions" USING btree (lajan_fold("recipient"->>'lastName') text_pattern_ops) WHERE "transactions"."recipient" IS NOT NULL;
