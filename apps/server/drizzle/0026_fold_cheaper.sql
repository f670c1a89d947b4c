-- Decision 175, amended: the same fold, three times cheaper. translate() looks each character of the name up
-- in its first list, from the start, one character after the other: a lower-case letter, a space or a hyphen,
-- most of a name and in none of 0025's lists, was compared with all 198 of them. Those characters now come
-- first, each mapped to itself, the commonest first: the result is the same for every text (checked on
-- 200,000 texts of every character from U+0020 to U+0407), so the indexes built on it stay valid; each of
-- the two party-name index entries written by a posting costs about 6 µs instead of 19.
CREATE OR REPLACE FUNCTION lajan_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate($1, ' eainrstolucdmpbgvhfjqyxzkw-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝŸýÿÇçÑñŠšŽž̴̵̶̷̸̡̢̧̨̛̖̗̘̙̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡', ' eainrstolucdmpbgvhfjqyxzkw-0123456789abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooooouuuuuuuuyyyyccnnsszz') $$;
