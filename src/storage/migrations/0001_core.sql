-- Core: accounts, API keys, the append-only spTok ledger, usage counters and run records
-- (the idempotency store). Migration numbers: 0001-0099 core, 0100-0199 business data,
-- 0200-0299 payments and jobs, 0300-0399 reports.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE accounts (
  id               text PRIMARY KEY,
  name             text NOT NULL,
  tier             text NOT NULL CHECK (tier IN ('free', 'pro', 'max', 'business')),
  payment_behavior text NOT NULL DEFAULT 'succeed' CHECK (payment_behavior IN ('succeed', 'decline', 'none')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id          text PRIMARY KEY,
  account_id  text NOT NULL REFERENCES accounts (id),
  key_hash    text NOT NULL UNIQUE,
  key_prefix  text NOT NULL,
  sandbox     boolean NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX api_keys_account ON api_keys (account_id);

-- Every spTok movement is one row; rows are never updated or deleted. balance_after and
-- grant_after carry the running totals so the current balance is one indexed read, and the
-- CHECKs make a negative balance impossible whatever the code does.
CREATE TABLE ledger_entries (
  seq           bigserial PRIMARY KEY,
  id            text NOT NULL UNIQUE,
  account_id    text NOT NULL REFERENCES accounts (id),
  kind          text NOT NULL CHECK (kind IN ('grant', 'expire', 'topup', 'charge', 'refund')),
  amount        bigint NOT NULL,
  grant_amount  bigint NOT NULL DEFAULT 0,
  period        text NOT NULL,
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  grant_after   bigint NOT NULL CHECK (grant_after >= 0 AND grant_after <= balance_after),
  run_id        text,
  reason        text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_account_seq ON ledger_entries (account_id, seq DESC);
-- One grant and one expiry per account and month; one charge and one refund per run.
CREATE UNIQUE INDEX ledger_one_grant ON ledger_entries (account_id, period) WHERE kind = 'grant';
CREATE UNIQUE INDEX ledger_one_expire ON ledger_entries (account_id, period) WHERE kind = 'expire';
CREATE UNIQUE INDEX ledger_one_charge ON ledger_entries (run_id) WHERE kind = 'charge';
CREATE UNIQUE INDEX ledger_one_refund ON ledger_entries (run_id) WHERE kind = 'refund';

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END
$$;
CREATE TRIGGER ledger_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- Calls that count toward the volume discount: incremented with the charge, decremented with
-- a refund, so at rest it counts delivered charged calls.
CREATE TABLE account_usage (
  account_id text NOT NULL REFERENCES accounts (id),
  period     text NOT NULL,
  calls      integer NOT NULL DEFAULT 0 CHECK (calls >= 0),
  PRIMARY KEY (account_id, period)
);

CREATE TABLE sandbox_usage (
  account_id   text NOT NULL REFERENCES accounts (id),
  service_code text NOT NULL,
  period       text NOT NULL,
  calls        integer NOT NULL DEFAULT 0 CHECK (calls >= 0),
  PRIMARY KEY (account_id, service_code, period)
);

-- One row per (API key, idempotency key): the record that makes a repeated call a replay.
CREATE TABLE runs (
  id                  text PRIMARY KEY,
  key_id              text NOT NULL REFERENCES api_keys (id),
  account_id          text NOT NULL REFERENCES accounts (id),
  idempotency_key     text NOT NULL,
  request_hash        text NOT NULL,
  service_code        text NOT NULL,
  payload             jsonb NOT NULL,
  lang                text NOT NULL,
  sandbox             boolean NOT NULL,
  is_async            boolean NOT NULL DEFAULT false,
  callback_url        text,
  -- pending: claimed and running; succeeded / rejected / charge_failed / queued: final for the
  -- key and replayed; errored: engine_error or charge_backend_error, kept for audit, key freed.
  state               text NOT NULL CHECK (state IN ('pending', 'succeeded', 'rejected', 'charge_failed', 'queued', 'errored')),
  http_status         integer,
  response            json,     -- json, not jsonb: a replay keeps the original key order
  sptok_charged       bigint NOT NULL DEFAULT 0,
  usd_cents_charged   bigint NOT NULL DEFAULT 0,
  payment_intent_id   text,
  checkout_session_id text,
  job_id              text,
  period              text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  expires_at          timestamptz NOT NULL
);
-- An errored run frees its key: a retry with the same key runs again.
CREATE UNIQUE INDEX runs_idempotency ON runs (key_id, idempotency_key) WHERE state <> 'errored';
CREATE INDEX runs_pending ON runs (created_at) WHERE state = 'pending';
CREATE INDEX runs_expiry ON runs (expires_at);
