-- A narrow copy of each active company's similarity inputs, stored in industry order, so that
-- discover.competitors scores a whole industry from a few thousand compact rows instead of the
-- wide companies rows (which carry names, scope and addresses). Rebuilt with the other
-- aggregates by src/engines/stats.ts. tier_mask has one bit per tier of catalog TIERS, in order.
CREATE TABLE agg_competitor (
  dataset        text NOT NULL,
  industry_code  text NOT NULL,
  province_code  text NOT NULL,
  company_id     bigint NOT NULL,
  size_ln        real NOT NULL,
  capital_ln     real NOT NULL,
  exporter       boolean NOT NULL,
  tier_mask      integer NOT NULL,
  products       text[] NOT NULL,
  PRIMARY KEY (dataset, company_id)
);
CREATE INDEX agg_competitor_industry ON agg_competitor (dataset, industry_code, province_code);
CREATE INDEX agg_competitor_products ON agg_competitor USING gin (products);
