-- Issue 33: a listing's Hindi or Marathi title and description bring their words into the search vocabulary too
-- ("Did you mean" and typo correction in either script), with the Devanagari word characters of 0043.
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w.word
  FROM new_rows n,
    LATERAL regexp_split_to_table(
      lower(n.title || ' ' || n.location || ' ' || n.description || ' ' || coalesce(n.seeking, '') || ' '
        || coalesce(n.local_title, '') || ' ' || coalesce(n.local_description, '')),
      '[^[:alnum:]\u0900-\u0963\u0966-\u097F]+'
    ) AS w(word)
  WHERE length(w.word) BETWEEN 3 AND 30 AND w.word ~ '[[:alpha:]\u0900-\u097F]' AND w.word !~ '^[\u0966-\u096F]+$'
  ORDER BY w.word
  ON CONFLICT (word) DO NOTHING;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added > 0 THEN
    UPDATE search_generation SET words = words + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$;
