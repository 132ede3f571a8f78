-- What the engines need beyond the business-data schema (0100): a sound-alike key for marks and
-- brands, and precomputed aggregates so that every discover/decide answer over a million
-- companies is a handful of index reads. The aggregates are rebuilt from the base tables by
-- src/engines/stats.ts whenever a dataset's load stamp changes; they are never edited by hand.

-- Sound-alike key of a Latin or pinyin string: retroflex and nasal endings merged the way
-- Chinese speakers hear them (zh/z, ch/c, sh/s, ng/n), English spellings of one sound folded
-- (ph/f, ck/k, c/k/q/g, x/z/s, d/t, b/p, v/f), vowels after the first letter and semi-vowels
-- dropped, doubled letters collapsed. "xinda" and "sinda" share a key; so do "nike" and "naik".
CREATE FUNCTION bizfn_sound_key(value text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  s text := lower(regexp_replace(value, '[^A-Za-z]', '', 'g'));
  head text;
BEGIN
  IF s = '' THEN
    RETURN '';
  END IF;
  s := replace(replace(replace(s, 'zh', 'z'), 'ch', 'c'), 'sh', 's');
  s := replace(replace(replace(replace(s, 'ph', 'f'), 'ck', 'k'), 'qu', 'k'), 'ng', 'n');
  s := translate(s, 'cgqxzdbv', 'kkksstpf');
  head := left(s, 1);
  IF head ~ '[aeiouy]' THEN
    head := 'a';
  END IF;
  s := head || regexp_replace(substr(s, 2), '[aeiouyhw]', '', 'g');
  RETURN regexp_replace(s, '(.)\1+', '\1', 'g');
END
$$;

ALTER TABLE trademarks ADD COLUMN mark_sound text GENERATED ALWAYS AS (bizfn_sound_key(mark_latin)) STORED;
CREATE INDEX trademarks_sound ON trademarks (dataset, mark_sound);

-- Which load of a dataset the aggregates below were built from (see src/engines/stats.ts).
CREATE TABLE engine_stats_state (
  dataset    text PRIMARY KEY CHECK (dataset IN ('demo', 'operator')),
  stamp      text NOT NULL,
  built_at   timestamptz NOT NULL DEFAULT now()
);

-- Companies per industry division x province with the figures decide.province, cn_buyers and
-- the industry overview rank by.
CREATE TABLE agg_industry_province (
  dataset            text NOT NULL,
  industry_code      text NOT NULL,
  province_code      text NOT NULL,
  companies          integer NOT NULL,
  active             integer NOT NULL,
  insured_employees  bigint NOT NULL,
  registered_capital bigint NOT NULL,
  exporters          integer NOT NULL,
  tiered             integer NOT NULL,
  high_tech          integer NOT NULL,
  listed             integer NOT NULL,
  with_risk          integer NOT NULL,
  PRIMARY KEY (dataset, industry_code, province_code)
);

-- New companies per industry x province x founding year (the overview's trend line).
CREATE TABLE agg_industry_year (
  dataset       text NOT NULL,
  industry_code text NOT NULL,
  province_code text NOT NULL,
  year          integer NOT NULL,
  companies     integer NOT NULL,
  PRIMARY KEY (dataset, industry_code, province_code, year)
);

-- Per company: trade and risk totals that the supplier rankings and comparisons weigh.
CREATE TABLE agg_company (
  dataset        text NOT NULL,
  company_id     bigint NOT NULL,
  shipments      integer NOT NULL,
  export_usd     bigint NOT NULL,
  countries      integer NOT NULL,
  buyers         integer NOT NULL,
  risk_records   integer NOT NULL,
  -- Records other than registration changes: litigation, enforcement, dishonesty, penalties.
  adverse        integer NOT NULL,
  risk_weight    integer NOT NULL,
  trademarks     integer NOT NULL,
  PRIMARY KEY (dataset, company_id)
);

-- Suppliers per product key, pre-scored: discover.suppliers reads the top of one index range.
CREATE TABLE agg_product_supplier (
  dataset       text NOT NULL,
  product       text NOT NULL,
  company_id    bigint NOT NULL,
  province_code text NOT NULL,
  score         real NOT NULL,
  PRIMARY KEY (dataset, product, company_id)
);
CREATE INDEX agg_product_supplier_top ON agg_product_supplier (dataset, product, score DESC);
CREATE INDEX agg_product_supplier_province ON agg_product_supplier (dataset, product, province_code, score DESC);

-- Overseas purchasers per product key (from trade records), for discover.buyers.
CREATE TABLE agg_product_buyer (
  dataset       text NOT NULL,
  product       text NOT NULL,
  buyer_id      bigint NOT NULL,
  country_code  text NOT NULL,
  shipments     integer NOT NULL,
  value_usd     bigint NOT NULL,
  suppliers     integer NOT NULL,
  last_shipped  date NOT NULL,
  PRIMARY KEY (dataset, product, buyer_id)
);
CREATE INDEX agg_product_buyer_top ON agg_product_buyer (dataset, product, value_usd DESC);

-- Purchasers per product key and supplier province (discover.buyers with a province filter).
CREATE TABLE agg_product_buyer_province (
  dataset       text NOT NULL,
  product       text NOT NULL,
  province_code text NOT NULL,
  buyer_id      bigint NOT NULL,
  shipments     integer NOT NULL,
  value_usd     bigint NOT NULL,
  PRIMARY KEY (dataset, product, province_code, buyer_id)
);
CREATE INDEX agg_product_buyer_province_top ON agg_product_buyer_province (dataset, product, province_code, value_usd DESC);

-- Purchasers, shipments and value per product key x country: decide.market and the demand part
-- of the new-product report.
CREATE TABLE agg_product_country (
  dataset       text NOT NULL,
  product       text NOT NULL,
  country_code  text NOT NULL,
  purchasers    integer NOT NULL,
  shipments     integer NOT NULL,
  value_usd     bigint NOT NULL,
  quantity      bigint NOT NULL,
  PRIMARY KEY (dataset, product, country_code)
);

-- Overseas buyers per country: the countries the dataset covers (decide.market ranks them all).
CREATE TABLE agg_buyer_country (
  dataset       text NOT NULL,
  country_code  text NOT NULL,
  buyers        integer NOT NULL,
  PRIMARY KEY (dataset, country_code)
);

-- Companies by name similarity without the dataset in the way: a plain trigram index on the
-- brand (字号), which naming and brand checks compare on.
CREATE INDEX companies_brand_trgm ON companies USING gin (brand gin_trgm_ops);

-- How strong a supplier looks from its registration, trade and risk facts, 0-100: size (insured
-- employees, registered capital), proven exports, recognised tiers, years in business, minus
-- weighted risk. One definition, used when the aggregates are built and when companies are
-- compared live, so rankings and comparisons always agree.
CREATE FUNCTION bizfn_supplier_score(
  insured integer, capital bigint, export_usd bigint, tier_count integer, founded date,
  risk_weight integer, status text, ref date
) RETURNS real
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(0, least(100,
      30 * least(1, ln(1 + coalesce(insured, 0)) / ln(2001))
    + 12 * least(1, ln(1 + coalesce(capital, 0) / 10000.0) / ln(100001))
    + 28 * least(1, ln(1 + coalesce(export_usd, 0)) / ln(50000001))
    + 6 * least(coalesce(tier_count, 0), 3)
    + 12 * least(1, greatest(0, (ref - coalesce(founded, ref)) / 365.25) / 20)
    - least(40, coalesce(risk_weight, 0))
    - CASE WHEN status = 'active' THEN 0 ELSE 60 END
  ))::real
$$;
