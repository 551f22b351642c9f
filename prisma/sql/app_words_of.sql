-- A text[] (an item's tags) as one string of words for the generated search columns of
-- "LeadershipContent" and "BuiltinContent". array_to_string is only STABLE, and a generated column
-- needs an IMMUTABLE expression; for text[] it is in fact immutable, hence this wrapper.
CREATE OR REPLACE FUNCTION app_words_of(words text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(words, ' '), '') $$;
