-- Every write that can change a member's circles (a listing posted, edited, archived, its owner suspended) queues
-- its owner for the circle job, whoever the writer is; only members with an accept list can be in a circle.
CREATE FUNCTION queue_listing_circles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO circle_queue (user_id)
    SELECT NEW.owner_id WHERE EXISTS (SELECT 1 FROM member_accepts WHERE user_id = NEW.owner_id)
  ON CONFLICT (user_id) DO UPDATE SET queued_at = now(), claimed_until = NULL
    WHERE circle_queue.claimed_until IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listings_queue_circles_insert AFTER INSERT ON listings
  FOR EACH ROW EXECUTE FUNCTION queue_listing_circles();--> statement-breakpoint
CREATE TRIGGER listings_queue_circles_update AFTER UPDATE OF title, category, rate_inr, min_units, available_from,
  available_to, city, status, owner_suspended, owner_type ON listings
  FOR EACH ROW EXECUTE FUNCTION queue_listing_circles();
