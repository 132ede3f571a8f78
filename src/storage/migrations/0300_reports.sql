-- Reports: one row per rendered report (the files of one run in every format), owned by the key
-- that paid, plus the server secret that signs download links. Range 0300-0399 is reports.

CREATE TABLE reports (
  id           text PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('industry_overview', 'target_list', 'new_product_intelligence')),
  service_code text NOT NULL,
  key_id       text NOT NULL REFERENCES api_keys (id),
  account_id   text NOT NULL REFERENCES accounts (id),
  -- One report per run: a retried render of the same run finds this row instead of rendering twice.
  run_id       text NOT NULL UNIQUE,
  lang         text NOT NULL CHECK (lang IN ('zh', 'en')),
  -- Stem of the downloaded file name ("industry-overview_汽车制造业_2026-11-21").
  file_stem    text NOT NULL,
  -- {"pdf": {"path": "...", "bytes": 1234, "sha256": "..."}, "docx": {...}, "md": {...}, "txt": {...}}
  files        jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_key ON reports (key_id, created_at DESC);
CREATE INDEX reports_account ON reports (account_id, created_at DESC);

-- The HMAC key of report download links, made at first start (never in the repo). One row; every
-- process of a deployment shares it through the database.
CREATE TABLE report_signing_keys (
  id         smallint PRIMARY KEY CHECK (id = 1),
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
