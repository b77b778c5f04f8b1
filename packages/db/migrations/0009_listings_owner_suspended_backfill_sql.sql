-- Listings of owners suspended before owner_suspended existed leave the marketplace too (search reads the column).
UPDATE listings SET owner_suspended = true WHERE owner_id IN (SELECT id FROM users WHERE status = 'suspended');
