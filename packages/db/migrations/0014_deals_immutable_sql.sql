-- A deal's versions and their items are its record: written once, never changed (product-spec-2 section 2).
-- The database refuses any UPDATE of them, whatever the code does. The one change let through is an item's
-- listing link becoming null when that listing is deleted (the foreign key's ON DELETE SET NULL); the item keeps
-- its title, quantity, dates and value.
CREATE OR REPLACE FUNCTION deal_version_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'deal_items' AND NEW.listing_id IS NULL
     AND (to_jsonb(NEW) - 'listing_id') = (to_jsonb(OLD) - 'listing_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'deal versions and their items cannot be changed' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER deal_versions_immutable BEFORE UPDATE ON deal_versions
  FOR EACH ROW EXECUTE FUNCTION deal_version_immutable();--> statement-breakpoint
CREATE TRIGGER deal_items_immutable BEFORE UPDATE ON deal_items
  FOR EACH ROW EXECUTE FUNCTION deal_version_immutable();
