-- Business data: companies, trademarks, risk records, overseas buyers, trade records, contacts.
-- Every table is list-partitioned by dataset ('demo' | 'operator'): a query that says
-- `WHERE dataset = $1` only ever touches that partition, so the generated demo data and an
-- operator's own data are kept apart physically, and a sandbox key can never read real data.
-- Codes, not names, are stored for reference data (GB/T 2260 province, GB/T 4754-2017 division,
-- ISO 3166-1 alpha-2 country, Nice class, HS code); names come from src/data/reference.
-- No foreign keys: loads are bulk, and the loaders resolve every reference before inserting.

-- One row per loaded dataset: what it is, where it came from, how big. The demo row's label says
-- it is synthetic so that nothing built from it can be mistaken for real data.
CREATE TABLE datasets (
  name              text PRIMARY KEY CHECK (name IN ('demo', 'operator')),
  label             text NOT NULL,
  synthetic         boolean NOT NULL,
  seed              bigint,
  generator_version text,
  companies         integer NOT NULL DEFAULT 0,
  loaded_at         timestamptz NOT NULL DEFAULT now(),
  note              text
);

-- Ids for rows loaded by the importer; the demo generator assigns its own (1..N) per dataset,
-- and every primary key includes the dataset, so the two never collide.
CREATE SEQUENCE business_row_id START 1000000000;

CREATE TABLE companies (
  dataset                text NOT NULL CHECK (dataset IN ('demo', 'operator')),
  id                     bigint NOT NULL DEFAULT nextval('business_row_id'),
  uscc                   text NOT NULL CHECK (length(uscc) = 18),
  name                   text NOT NULL,
  name_en                text,
  -- 字号: the distinctive part of the legal name ("鑫达" in "宁波鑫达五金制品有限公司"); naming and
  -- brand checks compare on it. brand_latin is its pinyin without tones, lower case, no spaces.
  brand                  text NOT NULL,
  brand_latin            text NOT NULL,
  province_code          text NOT NULL CHECK (province_code ~ '^[1-6][0-9]0000$'),
  city                   text,
  city_en                text,
  industry_code          text NOT NULL CHECK (industry_code ~ '^[0-9]{2}$'),
  -- Product keys from src/data/reference/products.ts (for imported rows: whatever the operator
  -- mapped to those keys); scope is the free-text business scope (经营范围).
  products               text[] NOT NULL DEFAULT '{}',
  scope                  text,
  registered_capital_cny bigint CHECK (registered_capital_cny >= 0),
  founded_on             date,
  insured_employees      integer NOT NULL DEFAULT 0 CHECK (insured_employees >= 0),
  tiers                  text[] NOT NULL DEFAULT '{}',
  status                 text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked', 'cancelled', 'moved')),
  legal_rep              text,
  exporter               boolean NOT NULL DEFAULT false,
  website                text,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dataset, id)
) PARTITION BY LIST (dataset);
CREATE TABLE companies_demo PARTITION OF companies FOR VALUES IN ('demo');
CREATE TABLE companies_operator PARTITION OF companies FOR VALUES IN ('operator');
CREATE UNIQUE INDEX companies_uscc ON companies (dataset, uscc);
CREATE INDEX companies_name ON companies (dataset, name);
CREATE INDEX companies_industry_province ON companies (dataset, industry_code, province_code, insured_employees DESC);
CREATE INDEX companies_province ON companies (dataset, province_code);
CREATE INDEX companies_products ON companies USING gin (products);
CREATE INDEX companies_tiers ON companies USING gin (tiers);
CREATE INDEX companies_name_trgm ON companies USING gin (name gin_trgm_ops);
CREATE INDEX companies_brand_latin ON companies (dataset, brand_latin);

-- Trademarks in every market of brand_check.MARKETS. mark_latin is the mark's comparable Latin
-- form (pinyin for Chinese marks), so exact, sound-alike and edit-distance checks run on it.
CREATE TABLE trademarks (
  dataset        text NOT NULL CHECK (dataset IN ('demo', 'operator')),
  id             bigint NOT NULL DEFAULT nextval('business_row_id'),
  jurisdiction   text NOT NULL,
  reg_no         text NOT NULL,
  mark           text NOT NULL,
  mark_latin     text NOT NULL,
  nice_class     smallint NOT NULL CHECK (nice_class BETWEEN 1 AND 45),
  owner_name     text NOT NULL,
  company_id     bigint,
  status         text NOT NULL CHECK (status IN ('registered', 'pending', 'opposed', 'expired', 'invalidated')),
  filed_on       date,
  registered_on  date,
  goods          text,
  PRIMARY KEY (dataset, id)
) PARTITION BY LIST (dataset);
CREATE TABLE trademarks_demo PARTITION OF trademarks FOR VALUES IN ('demo');
CREATE TABLE trademarks_operator PARTITION OF trademarks FOR VALUES IN ('operator');
CREATE UNIQUE INDEX trademarks_natural ON trademarks (dataset, jurisdiction, reg_no);
CREATE INDEX trademarks_latin ON trademarks (dataset, mark_latin);
CREATE INDEX trademarks_mark ON trademarks (dataset, mark);
CREATE INDEX trademarks_company ON trademarks (dataset, company_id);
CREATE INDEX trademarks_latin_trgm ON trademarks USING gin (mark_latin gin_trgm_ops);
CREATE INDEX trademarks_mark_trgm ON trademarks USING gin (mark gin_trgm_ops);

-- Litigation, dishonest debtors (失信被执行人), enforcement (被执行人), administrative penalties
-- and registration changes, one table: the risk check reads them all for one company at once.
CREATE TABLE risk_records (
  dataset      text NOT NULL CHECK (dataset IN ('demo', 'operator')),
  id           bigint NOT NULL DEFAULT nextval('business_row_id'),
  company_id   bigint NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('litigation', 'dishonest', 'enforcement', 'penalty', 'change')),
  -- Case, decision or filing number; for a registration change, "<date>:<field>".
  ref_no       text NOT NULL,
  occurred_on  date NOT NULL,
  -- litigation: cause of action; penalty: violation; change: the field that changed.
  subtype      text,
  role         text CHECK (role IN ('plaintiff', 'defendant', 'third_party')),
  amount_cny   bigint CHECK (amount_cny >= 0),
  authority    text,
  status       text NOT NULL DEFAULT 'closed' CHECK (status IN ('open', 'closed')),
  title_zh     text NOT NULL,
  title_en     text,
  detail       jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (dataset, id)
) PARTITION BY LIST (dataset);
CREATE TABLE risk_records_demo PARTITION OF risk_records FOR VALUES IN ('demo');
CREATE TABLE risk_records_operator PARTITION OF risk_records FOR VALUES IN ('operator');
CREATE UNIQUE INDEX risk_records_natural ON risk_records (dataset, company_id, kind, ref_no);
CREATE INDEX risk_records_kind ON risk_records (dataset, kind, company_id);

-- Overseas purchasers of Chinese goods.
CREATE TABLE overseas_buyers (
  dataset           text NOT NULL CHECK (dataset IN ('demo', 'operator')),
  id                bigint NOT NULL DEFAULT nextval('business_row_id'),
  name              text NOT NULL,
  country_code      text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  city              text,
  kind              text NOT NULL DEFAULT 'importer' CHECK (kind IN ('importer', 'distributor', 'retailer', 'brand', 'manufacturer')),
  products          text[] NOT NULL DEFAULT '{}',
  employees         integer CHECK (employees >= 0),
  annual_import_usd bigint CHECK (annual_import_usd >= 0),
  website           text,
  PRIMARY KEY (dataset, id)
) PARTITION BY LIST (dataset);
CREATE TABLE overseas_buyers_demo PARTITION OF overseas_buyers FOR VALUES IN ('demo');
CREATE TABLE overseas_buyers_operator PARTITION OF overseas_buyers FOR VALUES IN ('operator');
CREATE UNIQUE INDEX overseas_buyers_natural ON overseas_buyers (dataset, country_code, name);
CREATE INDEX overseas_buyers_products ON overseas_buyers USING gin (products);
CREATE INDEX overseas_buyers_name_trgm ON overseas_buyers USING gin (name gin_trgm_ops);

-- Customs-style shipment records: a Chinese exporter, an overseas buyer, what, where, how much.
-- value_usd is whole US dollars (declared customs value), an integer like all money here.
CREATE TABLE trade_records (
  dataset       text NOT NULL CHECK (dataset IN ('demo', 'operator')),
  id            bigint NOT NULL DEFAULT nextval('business_row_id'),
  ref_no        text NOT NULL,
  company_id    bigint NOT NULL,
  buyer_id      bigint NOT NULL,
  country_code  text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  hs_code       text NOT NULL CHECK (hs_code ~ '^[0-9]{4,10}$'),
  product       text,
  description   text,
  shipped_on    date NOT NULL,
  quantity      integer CHECK (quantity >= 0),
  unit          text,
  value_usd     bigint NOT NULL CHECK (value_usd >= 0),
  PRIMARY KEY (dataset, id)
) PARTITION BY LIST (dataset);
CREATE TABLE trade_records_demo PARTITION OF trade_records FOR VALUES IN ('demo');
CREATE TABLE trade_records_operator PARTITION OF trade_records FOR VALUES IN ('operator');
CREATE UNIQUE INDEX trade_records_natural ON trade_records (dataset, ref_no);
CREATE INDEX trade_records_product ON trade_records (dataset, product, country_code);
CREATE INDEX trade_records_hs ON trade_records (dataset, hs_code);
CREATE INDEX trade_records_company ON trade_records (dataset, company_id);
CREATE INDEX trade_records_buyer ON trade_records (dataset, buyer_id);

-- People to contact at a Chinese company or an overseas buyer.
CREATE TABLE contacts (
  dataset     text NOT NULL CHECK (dataset IN ('demo', 'operator')),
  id          bigint NOT NULL DEFAULT nextval('business_row_id'),
  owner_kind  text NOT NULL CHECK (owner_kind IN ('company', 'buyer')),
  owner_id    bigint NOT NULL,
  name        text NOT NULL,
  title       text,
  phone       text,
  email       text,
  is_primary  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (dataset, id)
) PARTITION BY LIST (dataset);
CREATE TABLE contacts_demo PARTITION OF contacts FOR VALUES IN ('demo');
CREATE TABLE contacts_operator PARTITION OF contacts FOR VALUES IN ('operator');
CREATE UNIQUE INDEX contacts_natural ON contacts (dataset, owner_kind, owner_id, name);
