-- Deals accepted before deliverables existed: each item of the accepted version becomes a pending deliverable.
INSERT INTO "deal_deliverables" ("deal_id", "item_id", "giver_id", "receiver_id")
SELECT i."deal_id", i."id", i."giver_id",
  CASE WHEN i."giver_id" = d."proposer_id" THEN d."counterparty_id" ELSE d."proposer_id" END
FROM "deal_items" i JOIN "deals" d ON d."id" = i."deal_id" AND d."version" = i."version"
WHERE d."accepted_at" IS NOT NULL
ON CONFLICT DO NOTHING;
