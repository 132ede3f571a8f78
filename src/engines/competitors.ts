// discover.competitors: companies of the target's industry, scored by how closely they resemble
// it (same products, similar size and capital, same province, same export orientation and tier
// standing), best first, at most 500; `capped` says when more were found.
import type { ResultOf } from '../catalog/index.ts';
import { COMPANY_COLUMNS, type CompanyRow, companyRef, findCompany } from './companies.ts';
import { type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'discover.competitors'>;

export const MAX_COMPETITORS = 500;

/**
 * Similarity 0-100, computed in SQL so only the best 500 rows leave the database:
 * products 45 (all the target's products 45, some 25), size 25 (insured employees, log scale: a
 * hundredfold difference scores 0), same province 15, registered capital 5 (log scale), export
 * orientation 5, tier standing 5. Product overlap uses the array operators (&&, @>) so the
 * score stays a few comparisons per row.
 */
const SCORE = `(
    CASE WHEN c.products @> $4::text[] AND cardinality($4::text[]) > 0 THEN 45
         WHEN c.products && $4::text[] THEN 25 ELSE 0 END
  + 25 * (1 - least(1, abs(ln(1 + c.insured_employees) - ln(1 + $5::float8)) / ln(101)))
  + CASE WHEN c.province_code = $6 THEN 15 ELSE 0 END
  + 5 * (1 - least(1, abs(ln(1 + coalesce(c.registered_capital_cny, 0)) - ln(1 + $7::float8)) / ln(1001)))
  + CASE WHEN c.exporter = $8 THEN 5 ELSE 0 END
  + CASE WHEN c.tiers && $9::text[] OR (cardinality(c.tiers) = 0 AND cardinality($9::text[]) = 0) THEN 5 ELSE 0 END
)`;

export const competitors: Engine<'discover.competitors'> = async (payload, { db, lang, dataset }) => {
  const found = await findCompany(db, dataset, lang, payload.company);
  if (found.kind === 'unknown')
    return reject(found.msg, { field: 'company', suggestions: found.suggestions });
  const target = found.company;
  const sameProvince = payload.same_province_only ?? false;
  const { rows } = await db.query<CompanyRow & { score: number; total: number }>(
    `SELECT ${COMPANY_COLUMNS}, round(${SCORE}::numeric, 1)::float8 AS score, count(*) OVER () AS total
     FROM companies c
     WHERE c.dataset = $1 AND c.industry_code = $2 AND c.id <> $3 AND c.status = 'active'
       AND ($10::boolean IS FALSE OR c.province_code = $6)
     ORDER BY score DESC, c.insured_employees DESC, c.id
     LIMIT ${MAX_COMPETITORS}`,
    [
      dataset,
      target.industry_code,
      target.id,
      target.products,
      target.insured_employees,
      target.province_code,
      target.registered_capital_cny ?? 0,
      target.exporter,
      target.tiers,
      sameProvince,
    ],
  );
  const total = Number(rows[0]?.total ?? 0);
  return ok({
    data_source: dataset,
    company: companyRef(lang, target),
    total_found: total,
    capped: total > MAX_COMPETITORS,
    competitors: rows.map((row, index) => ({
      ...companyRef(lang, row),
      rank: index + 1,
      score: Math.min(100, Math.max(0, Number(row.score))),
    })),
  } satisfies Result);
};
