-- 'Show my business page' is on by default, for existing accounts too (spec part two, section 1): part one's
-- 'show my profile to verified partners' defaulted to off, which would hide nearly every business page.
UPDATE users SET pref_show_profile = true WHERE deleted_at IS NULL;
