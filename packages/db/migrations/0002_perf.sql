-- Listing search (issue 9): tell the planner what pg_trgm's word-similarity operators (<% and %>) really cost.
-- At the default cost of 1 the planner prefers a sequential scan that evaluates word_similarity() on every
-- listing (about 0.1-0.2 ms a row: 2 s at 10,000 listings) over the GIN trigram index that finds the few
-- candidates first (a few ms). Costing the functions like the expensive calls they are makes it pick the index.
ALTER FUNCTION word_similarity_op(text, text) COST 200;--> statement-breakpoint
ALTER FUNCTION word_similarity_commutator_op(text, text) COST 200;
