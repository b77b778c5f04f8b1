-- What each search generation changed (search_changes), written by the triggers that bump it, so the search
-- results cache can keep an older answer that no change since touches instead of searching again. Every bump
-- writes at least one row: the cache counts the generations it has rows for, so a generation bumped any other
-- way (by hand) is never taken as changing nothing. A statement that changes no row no longer bumps.
DROP TRIGGER listings_search_generation ON listings;
--> statement-breakpoint
DROP TRIGGER users_search_generation ON users;
--> statement-breakpoint
DROP FUNCTION search_generation_bump();
--> statement-breakpoint
-- A new generation with its changes: `changed` listing rows (their ids, and `before` their rows before the
-- statement, null for new rows), or everything when they are many (a bulk insert, a seed) or not given.
CREATE FUNCTION search_changes_log(changed jsonb[], has_before boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g bigint;
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1 RETURNING n INTO g;
  IF changed IS NULL OR cardinality(changed) > 100 THEN
    INSERT INTO search_changes (generation) VALUES (g);
  ELSE
    INSERT INTO search_changes (generation, listing_id, before)
    SELECT g, (row_value->>'id')::uuid, CASE WHEN has_before THEN row_value END
    FROM unnest(changed) AS row_value;
  END IF;
  DELETE FROM search_changes WHERE generation <= g - 1000;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION listings_search_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM search_changes_log(NULL, false);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(jsonb_build_object('id', n.id)) INTO changed FROM (SELECT id FROM new_rows LIMIT 101) n;
  ELSE
    SELECT array_agg(to_jsonb(o)) INTO changed FROM (SELECT * FROM old_rows LIMIT 101) o;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM search_changes_log(changed, TG_OP <> 'INSERT');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_changes_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_search_changes();
--> statement-breakpoint
CREATE TRIGGER listings_search_changes_update AFTER UPDATE ON listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_search_changes();
--> statement-breakpoint
CREATE TRIGGER listings_search_changes_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_search_changes();
--> statement-breakpoint
CREATE TRIGGER listings_search_changes_truncate AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION listings_search_changes();
--> statement-breakpoint
-- An owner change: what their listings show (name, company, whether the business page is shown, GST
-- verification, which the "verified businesses only" filter reads too) or their public reviews (the rating on
-- every card). A row trigger: a column list cannot go with transition tables.
CREATE FUNCTION search_owner_changed(owner uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g bigint;
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1 RETURNING n INTO g;
  INSERT INTO search_changes (generation, owner_id) VALUES (g, owner);
  DELETE FROM search_changes WHERE generation <= g - 1000;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION users_search_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_owner_changed(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_changes
  AFTER UPDATE OF first_name, last_name, company_name, pref_show_profile, gst_verification ON users
  FOR EACH ROW WHEN (
    OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.company_name IS DISTINCT FROM NEW.company_name OR OLD.pref_show_profile IS DISTINCT FROM NEW.pref_show_profile
    OR OLD.gst_verification IS DISTINCT FROM NEW.gst_verification
  )
  EXECUTE FUNCTION users_search_changes();
--> statement-breakpoint
CREATE FUNCTION reviews_search_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_owner_changed(OLD.subject_id);
  ELSE
    PERFORM search_owner_changed(NEW.subject_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_search_changes_insert AFTER INSERT ON reviews
  FOR EACH ROW WHEN (NEW.published_at IS NOT NULL) EXECUTE FUNCTION reviews_search_changes();
--> statement-breakpoint
CREATE TRIGGER reviews_search_changes_update AFTER UPDATE OF published_at, hidden_at, rating ON reviews
  FOR EACH ROW WHEN (
    OLD.published_at IS DISTINCT FROM NEW.published_at OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at
    OR OLD.rating IS DISTINCT FROM NEW.rating
  )
  EXECUTE FUNCTION reviews_search_changes();
--> statement-breakpoint
CREATE TRIGGER reviews_search_changes_delete AFTER DELETE ON reviews
  FOR EACH ROW WHEN (OLD.published_at IS NOT NULL) EXECUTE FUNCTION reviews_search_changes();
--> statement-breakpoint
-- The vocabulary's version (search_generation.words) goes up when a statement brings new words.
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
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
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added > 0 THEN
    UPDATE search_generation SET words = words + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$;
