-- Trigram matching for typo-tolerant listing search (pg_trgm is loaded on PostgreSQL and PGlite alike).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
