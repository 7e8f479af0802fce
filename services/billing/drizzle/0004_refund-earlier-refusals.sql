-- Refusals recorded before refunds were made (no reason, no refund) were cancelled then and never
-- refunded. They are owed their refund: marked not settled, the worker's sweep (at its start, then
-- every 15 minutes) refunds each once. They stay cancelled, so nothing is cancelled twice, and
-- one of a deleted account (no user) is refunded too: the money goes back to the card it came from.
UPDATE "billing"."provider_subscriptions" SET "settled_at" = NULL
WHERE "outcome" = 'refused' AND "reason" IS NULL AND "settled_at" IS NOT NULL AND "refund_ids" = '{}';
