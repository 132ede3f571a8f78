// discover.cn_buyers: where the domestic buyers of an industry's output are. The buyers are the
// companies of its downstream divisions (industry profiles, after the NBS input-output tables);
// all 31 provinces are ranked by how many there are, and with a province, its largest buyers.
import type { ResultOf } from '../catalog/index.ts';
import { COMPANY_COLUMNS, type CompanyRow, companyRef } from './companies.ts';
import { downstreamOf, industryRef, resolveIndustry } from './industries.ts';
import { industryByProvince } from './province.ts';
import { optionalProvince, provinceRef } from './regions.ts';
import { share } from './text.ts';
import { type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'discover.cn_buyers'>;

/** Buyers listed for one province: the largest by insured employees. */
export const BUYER_LIST_SIZE = 50;

export const cnBuyers: Engine<'discover.cn_buyers'> = async (payload, { db, lang, dataset }) => {
  const resolved = resolveIndustry(lang, payload.industry);
  if (resolved.kind === 'unknown')
    return reject(resolved.msg, { field: 'industry', suggestions: resolved.suggestions });
  const scoped = optionalProvince(lang, payload.province);
  if (scoped.kind === 'rejected') return scoped;
  const provinceCode = scoped.code;
  const code = resolved.division.code;
  const buyerIndustries = downstreamOf(code);
  const figures = await industryByProvince(db, dataset, buyerIndustries);
  const total = figures.reduce((sum, f) => sum + f.active, 0);
  const ranking: Result['ranking'] = [...figures]
    .sort((a, b) => b.active - a.active || a.province.localeCompare(b.province))
    .map((f, index) => ({
      rank: index + 1,
      province: provinceRef(lang, f.province),
      buyers: f.active,
      share: share(f.active, total),
    }));
  let buyers: Result['buyers'] = null;
  if (provinceCode) {
    // One short index range per buyer division (dataset, industry, province, insured DESC), merged.
    const { rows } = await db.query<CompanyRow>(
      `SELECT ${COMPANY_COLUMNS} FROM unnest($2::text[]) AS d(code)
       CROSS JOIN LATERAL (
         SELECT * FROM companies x
         WHERE x.dataset = $1 AND x.industry_code = d.code AND x.province_code = $3 AND x.status = 'active'
         ORDER BY x.insured_employees DESC LIMIT $4
       ) c
       ORDER BY c.insured_employees DESC, c.id LIMIT $4`,
      [dataset, buyerIndustries, provinceCode, BUYER_LIST_SIZE],
    );
    buyers = rows.map((row) => ({ ...companyRef(lang, row), insured_employees: row.insured_employees }));
  }
  return ok({
    data_source: dataset,
    industry: industryRef(lang, code),
    buyer_industries: buyerIndustries.map((c) => industryRef(lang, c)),
    ranking,
    province: provinceCode ? provinceRef(lang, provinceCode) : null,
    buyers,
  } satisfies Result);
};
