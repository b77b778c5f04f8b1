-- Issue 33: Hindi and Marathi words in the search vocabulary. PostgreSQL's [[:alnum:]] leaves out Devanagari's
-- virama and some vowel signs (marks, not letters), so "होर्डिंग" was cut into "होर" and "डिंग": the whole
-- Devanagari block (U+0900-U+097F) now counts as word characters, in the trigger and for the listings already written.
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w.word
  FROM new_rows n,
    LATERAL regexp_split_to_table(
      lower(n.title || ' ' || n.location || ' ' || n.description || ' ' || coalesce(n.seeking, '')),
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
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w.word
FROM listings l,
  LATERAL regexp_split_to_table(
    lower(l.title || ' ' || l.location || ' ' || l.description || ' ' || coalesce(l.seeking, '')),
    '[^[:alnum:]\u0900-\u0963\u0966-\u097F]+'
  ) AS w(word)
WHERE w.word ~ '[\u0900-\u097F]' AND length(w.word) BETWEEN 3 AND 30 AND w.word !~ '^[\u0966-\u096F]+$'
ON CONFLICT (word) DO NOTHING;
