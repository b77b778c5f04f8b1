-- listings.owner_accepts: whether the listing's owner keeps an "I'd accept" list (issue 32). The circle search's
-- indexes (0049) hold only these listings, so its walk per list reads list-holders' listings and no others.
UPDATE listings SET owner_accepts = true
  WHERE owner_id IN (SELECT user_id FROM member_accepts) AND NOT owner_accepts;--> statement-breakpoint
CREATE FUNCTION listing_owner_accepts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_accepts := EXISTS (SELECT 1 FROM member_accepts WHERE user_id = NEW.owner_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER listings_owner_accepts BEFORE INSERT OR UPDATE OF owner_id ON listings
  FOR EACH ROW EXECUTE FUNCTION listing_owner_accepts();--> statement-breakpoint
CREATE FUNCTION member_accepts_owner_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE listings SET owner_accepts = true WHERE owner_id = NEW.user_id AND NOT owner_accepts;
  ELSE
    UPDATE listings SET owner_accepts = false WHERE owner_id = OLD.user_id AND owner_accepts;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER member_accepts_owner_listings AFTER INSERT OR DELETE ON member_accepts
  FOR EACH ROW EXECUTE FUNCTION member_accepts_owner_listings();
