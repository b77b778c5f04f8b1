-- A listing queued again (edited, archived) while a worker holds its claim is queued afresh: the claim is
-- cleared, so the worker's delete (which names its claim) leaves the row for the next run.
CREATE OR REPLACE FUNCTION queue_listing_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_match_queue (listing_id) VALUES (NEW.id)
  ON CONFLICT (listing_id) DO UPDATE SET queued_at = now(), claimed_until = NULL
    WHERE listing_match_queue.claimed_until IS NOT NULL;
  RETURN NULL;
END $$;
