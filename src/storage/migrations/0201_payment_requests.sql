-- The exact request a payment was made with, so the reconciler can ask the provider about a
-- payment whose outcome a crash or time-out left unknown.
ALTER TABLE payments ADD COLUMN request jsonb NOT NULL DEFAULT '{}';
ALTER TABLE payments ADD COLUMN idempotency_key text;
