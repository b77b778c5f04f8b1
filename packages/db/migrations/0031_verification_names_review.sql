-- The "GST verified" badge is only ever shown beside a name an admin approved: the verified legal name or the
-- trade name approved with it (business_verifications.trade_name, new in 0030). Submissions decided before that
-- approved no trade name, so a verified business whose company name is not its legal name (compared as
-- businessNameKey in packages/core/src/verification.ts does: case, punctuation, spacing and the usual
-- abbreviations aside) goes back to review of the name it shows, with its GSTIN and certificate; the badge returns
-- once an admin approves it. Every other verified submission approves the name shown now.
CREATE OR REPLACE FUNCTION pg_temp.business_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(
    regexp_replace(regexp_replace(regexp_replace(replace(lower(name), '&', ' and '),
      '\mprivate\M', 'pvt', 'g'), '\mlimited\M', 'ltd', 'g'), '\mcompany\M', 'co', 'g'),
    '[^[:alnum:]]', '', 'g')
$$;
--> statement-breakpoint
WITH latest AS (
  SELECT DISTINCT ON (v.business_id) v.id, v.business_id, v.legal_name, u.company_name
  FROM business_verifications v
  JOIN users u ON u.id = v.business_id AND u.gst_verification = 'verified'
  WHERE v.status = 'verified'
  ORDER BY v.business_id, v.decided_at DESC NULLS LAST, v.created_at DESC
)
UPDATE business_verifications v SET trade_name = latest.company_name
FROM latest
WHERE v.id = latest.id AND latest.company_name IS NOT NULL
  AND pg_temp.business_name_key(latest.company_name) = pg_temp.business_name_key(latest.legal_name);
--> statement-breakpoint
WITH latest AS (
  SELECT DISTINCT ON (v.business_id) v.*, u.company_name
  FROM business_verifications v
  JOIN users u ON u.id = v.business_id AND u.gst_verification = 'verified'
  WHERE v.status = 'verified'
  ORDER BY v.business_id, v.decided_at DESC NULLS LAST, v.created_at DESC
), reviewed AS (
  INSERT INTO business_verifications (
    business_id, gstin, legal_name, trade_name, pan, udyam,
    certificate_key, certificate_type, certificate_name, certificate_bytes, status
  )
  SELECT business_id, gstin, legal_name, company_name, pan, udyam,
    certificate_key, certificate_type, certificate_name, certificate_bytes, 'pending'
  FROM latest
  WHERE company_name IS NOT NULL
    AND pg_temp.business_name_key(company_name) <> pg_temp.business_name_key(legal_name)
  RETURNING business_id
)
UPDATE users SET gst_verification = 'pending' WHERE id IN (SELECT business_id FROM reviewed);
