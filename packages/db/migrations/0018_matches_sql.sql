-- Every write that can change a listing's matches (posted, edited, archived, owner suspended) queues it for the
-- match job, whoever the writer is (the API, the seed, an admin, a bulk import).
CREATE FUNCTION queue_listing_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_match_queue (listing_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listings_queue_matches_insert AFTER INSERT ON listings
  FOR EACH ROW EXECUTE FUNCTION queue_listing_matches();--> statement-breakpoint
CREATE TRIGGER listings_queue_matches_update AFTER UPDATE OF title, description, location, category, rate_inr,
  min_units, available_from, available_to, city, lat, lng, seeking, status, owner_suspended, owner_type ON listings
  FOR EACH ROW EXECUTE FUNCTION queue_listing_matches();
