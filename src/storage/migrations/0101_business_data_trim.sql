-- Indexes of 0100 that no engine query uses (the engines read industry x province through the
-- composite index and their own aggregates): dropped, because every demo load and import builds
-- every index, and these only cost load time.
DROP INDEX IF EXISTS companies_province;
DROP INDEX IF EXISTS companies_tiers;
DROP INDEX IF EXISTS risk_records_kind;
DROP INDEX IF EXISTS trade_records_hs;
