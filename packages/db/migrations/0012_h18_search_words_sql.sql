-- The vocabulary of listing words (search_words) for "Did you mean" and typo correction, kept by statement-level
-- triggers so that every writer keeps it: the API, the seed and the benchmarks' bulk inserts. A statement's new
-- rows are split into words once (a transition table, not a call per row), and the words are inserted in order
-- so that two concurrent writers adding the same new words lock them in the same order and cannot deadlock.
CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w.word
  FROM new_rows n,
    LATERAL regexp_split_to_table(
      lower(n.title || ' ' || n.location || ' ' || n.description || ' ' || coalesce(n.seeking, '')),
      '[^[:alnum:]]+'
    ) AS w(word)
  WHERE length(w.word) BETWEEN 3 AND 30 AND w.word ~ '[[:alpha:]]'
  ORDER BY w.word
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_words_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
CREATE TRIGGER listings_search_words_update AFTER UPDATE ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w.word
FROM listings l,
  LATERAL regexp_split_to_table(
    lower(l.title || ' ' || l.location || ' ' || l.description || ' ' || coalesce(l.seeking, '')),
    '[^[:alnum:]]+'
  ) AS w(word)
WHERE length(w.word) BETWEEN 3 AND 30 AND w.word ~ '[[:alpha:]]'
ORDER BY w.word
ON CONFLICT (word) DO NOTHING;
--> statement-breakpoint
-- The search results cache's generation (search_generation): one row, bumped in the writing transaction by
-- every statement that changes listings, or the owner fields a listing shows (name, company, whether the
-- business page is shown, GST verification). A suspension changes listings.owner_suspended, so it bumps too.
INSERT INTO search_generation (id, n) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION search_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_bump();
--> statement-breakpoint
CREATE TRIGGER users_search_generation
  AFTER UPDATE OF first_name, last_name, company_name, pref_show_profile, gst_verification ON users
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_bump();
