-- Standalone billing, async jobs and webhook deliveries. Every row here is a step of money or
-- long work that must survive a crash: it is written before the step and settled after it, and
-- the worker picks up whatever a dead process left half-done.

-- Our record of every card payment, whatever the provider. Written as 'pending' before the
-- provider is called, so a crash between the provider's charge and our bookkeeping leaves a row
-- the reconciler finds (and refunds) instead of money nobody knows about.
CREATE TABLE payments (
  id                  text PRIMARY KEY,
  run_id              text NOT NULL,
  account_id          text NOT NULL REFERENCES accounts (id),
  provider            text NOT NULL CHECK (provider IN ('local', 'stripe')),
  method              text NOT NULL CHECK (method IN ('offsession', 'checkout')),
  amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
  currency            text NOT NULL DEFAULT 'usd',
  status              text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  payment_intent_id   text,
  checkout_session_id text,
  failure_reason      text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
-- One off-session attempt and one checkout payment per run: a second charge cannot be recorded.
CREATE UNIQUE INDEX payments_one_per_method ON payments (run_id, method);
CREATE UNIQUE INDEX payments_intent ON payments (payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX payments_pending ON payments (created_at) WHERE status = 'pending';

-- A refund owed on a payment. Inserted in the same transaction that decides the run failed, then
-- attempted until the provider confirms it; a pending row is the operator's to-do list.
CREATE TABLE refunds (
  id                 text PRIMARY KEY,
  payment_id         text NOT NULL UNIQUE REFERENCES payments (id),
  run_id             text NOT NULL,
  account_id         text NOT NULL REFERENCES accounts (id),
  amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
  reason             text NOT NULL,
  status             text NOT NULL CHECK (status IN ('pending', 'succeeded')),
  attempts           integer NOT NULL DEFAULT 0,
  next_attempt_at    timestamptz NOT NULL DEFAULT now(),
  locked_until       timestamptz,
  provider_refund_id text,
  last_error         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  succeeded_at       timestamptz
);
CREATE INDEX refunds_due ON refunds (next_attempt_at) WHERE status = 'pending';

-- Checkout sessions handed out after a failed off-session charge, whatever the provider: the
-- deliver endpoint finds the run and its owner here.
CREATE TABLE checkout_sessions (
  id           text PRIMARY KEY,
  run_id       text NOT NULL UNIQUE,
  key_id       text NOT NULL REFERENCES api_keys (id),
  account_id   text NOT NULL REFERENCES accounts (id),
  provider     text NOT NULL CHECK (provider IN ('local', 'stripe')),
  url          text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Which provider customer and saved card an account charges off-session (Stripe only; the local
-- provider reads accounts.payment_behavior).
CREATE TABLE payment_customers (
  account_id        text NOT NULL REFERENCES accounts (id),
  provider          text NOT NULL CHECK (provider IN ('stripe')),
  customer_id       text NOT NULL,
  payment_method_id text,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, provider)
);

-- The local payment provider's own books: it plays the part Stripe's servers play, so our
-- records above and its records here can be reconciled against each other in tests.
CREATE TABLE local_payment_intents (
  id               text PRIMARY KEY,
  account_id       text NOT NULL,
  amount_cents     bigint NOT NULL CHECK (amount_cents > 0),
  status           text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  failure_code     text,
  idempotency_key  text NOT NULL UNIQUE,
  refunded_cents   bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE local_checkout_sessions (
  id                text PRIMARY KEY,
  account_id        text NOT NULL,
  amount_cents      bigint NOT NULL CHECK (amount_cents > 0),
  description       text NOT NULL,
  status            text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
  payment_intent_id text REFERENCES local_payment_intents (id),
  metadata          jsonb NOT NULL DEFAULT '{}',
  idempotency_key   text NOT NULL UNIQUE,
  expires_at        timestamptz NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE local_refunds (
  id                text PRIMARY KEY,
  payment_intent_id text NOT NULL REFERENCES local_payment_intents (id),
  amount_cents      bigint NOT NULL CHECK (amount_cents > 0),
  idempotency_key   text NOT NULL UNIQUE,
  created_at        timestamptz NOT NULL DEFAULT now()
);

-- Async jobs: the durable queue. Claimed with FOR UPDATE SKIP LOCKED under a lease that the
-- worker renews; an expired lease means the worker died and another may take the job. attempts
-- is the fencing token: only the holder of the latest attempt may finish the job.
CREATE TABLE jobs (
  id                text PRIMARY KEY,
  run_id            text NOT NULL UNIQUE,
  key_id            text NOT NULL REFERENCES api_keys (id),
  account_id        text NOT NULL REFERENCES accounts (id),
  service_code      text NOT NULL,
  payload           jsonb NOT NULL,
  lang              text NOT NULL,
  sandbox           boolean NOT NULL DEFAULT false,
  idempotency_key   text NOT NULL,
  status            text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  attempts          integer NOT NULL DEFAULT 0,
  max_attempts      integer NOT NULL DEFAULT 3,
  locked_by         text,
  locked_until      timestamptz,
  result            jsonb,
  error             jsonb,
  usd_cents_charged bigint NOT NULL DEFAULT 0,
  payment_id        text REFERENCES payments (id),
  payment_intent_id text,
  callback_url      text,
  callback_secret   text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'succeeded' OR result IS NOT NULL),
  CHECK (status <> 'failed' OR error IS NOT NULL)
);
CREATE INDEX jobs_claimable ON jobs (created_at) WHERE status IN ('queued', 'running');

-- One webhook per finished job (the outbox), written in the transaction that finishes the job.
-- body is the exact JSON sent and signed; id is the Standard Webhooks webhook-id, the same on
-- every retry. attempts counts attempts started, so a crash mid-attempt still uses one up.
CREATE TABLE webhook_deliveries (
  id               text PRIMARY KEY,
  job_id           text NOT NULL UNIQUE REFERENCES jobs (id),
  url              text NOT NULL,
  secret           text NOT NULL,
  body             text NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'exhausted')),
  attempts         integer NOT NULL DEFAULT 0,
  max_attempts     integer NOT NULL,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  locked_until     timestamptz,
  last_status_code integer,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  first_attempt_at timestamptz,
  delivered_at     timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'failed');

-- The deliver endpoint and the job endpoint look runs up by these.
CREATE INDEX runs_checkout_session ON runs (checkout_session_id) WHERE checkout_session_id IS NOT NULL;
CREATE INDEX runs_job ON runs (job_id) WHERE job_id IS NOT NULL;
