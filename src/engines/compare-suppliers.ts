// decide.compare_suppliers_5: two to five Chinese suppliers side by side. Each is scored with the
// same supplier score the discover rankings use (bizfn_supplier_score), and its strengths and
// weaknesses are read off the group: best or worst on a figure, or past an absolute line.
import type { Lang, ResultOf } from '../catalog/index.ts';
import { type CompanyRow, companyRef, findCompany } from './companies.ts';
import { type CompanyFacts, companyFacts, countryName, tierName } from './evidence.ts';
import { ensureStats } from './stats.ts';
import { formatCny, formatUsd, joinList, pick, round } from './text.ts';
import { type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'decide.compare_suppliers_5'>;

interface Entry {
  company: CompanyRow;
  facts: CompanyFacts;
  score: number;
}

type Metric = 'insured' | 'capital' | 'exports' | 'age' | 'risk';

function value(entry: Entry, metric: Metric, now: Date): number {
  const c = entry.company;
  switch (metric) {
    case 'insured':
      return c.insured_employees;
    case 'capital':
      return c.registered_capital_cny ?? 0;
    case 'exports':
      return entry.facts.exportUsd;
    case 'age':
      return c.founded_on
        ? (now.getTime() - Date.parse(`${c.founded_on}T00:00:00Z`)) / (365.25 * 86_400_000)
        : 0;
    case 'risk':
      return entry.facts.riskWeight;
  }
}

function describe(lang: Lang, entry: Entry, metric: Metric, now: Date, best: boolean): string {
  const v = value(entry, metric, now);
  switch (metric) {
    case 'insured':
      return pick(
        lang,
        `参保人数${best ? '最多' : '最少'}（${v}人）`,
        `${best ? 'Largest' : 'Smallest'} workforce (${v} insured)`,
      );
    case 'capital':
      return pick(
        lang,
        `注册资本${best ? '最高' : '最低'}（${formatCny(lang, v)}）`,
        `${best ? 'Highest' : 'Lowest'} registered capital (${formatCny(lang, v)})`,
      );
    case 'exports':
      return pick(
        lang,
        `出口额${best ? '最高' : '最低'}（${formatUsd(lang, v)}）`,
        `${best ? 'Highest' : 'Lowest'} exports (${formatUsd(lang, v)})`,
      );
    case 'age':
      return pick(
        lang,
        `经营年限${best ? '最长' : '最短'}（${Math.floor(v)}年）`,
        `${best ? 'Longest' : 'Shortest'} track record (${Math.floor(v)} years)`,
      );
    case 'risk':
      return best
        ? pick(lang, '风险记录最少', 'Cleanest risk record')
        : pick(
            lang,
            `风险记录最重（${entry.facts.adverse}条诉讼、被执行或处罚）`,
            `Heaviest risk record (${entry.facts.adverse} adverse records)`,
          );
  }
}

const METRICS: readonly Metric[] = ['insured', 'capital', 'exports', 'age', 'risk'];

function assess(
  lang: Lang,
  entries: readonly Entry[],
  now: Date,
): { strengths: string[]; weaknesses: string[] }[] {
  return entries.map((entry) => {
    const strengths: string[] = [];
    const weaknesses: string[] = [];
    for (const metric of METRICS) {
      const values = entries.map((e) => value(e, metric, now));
      const max = Math.max(...values);
      const min = Math.min(...values);
      if (max === min) continue;
      const v = value(entry, metric, now);
      // For risk, less is better.
      const isBest = metric === 'risk' ? v === min : v === max;
      const isWorst = metric === 'risk' ? v === max : v === min;
      if (isBest) strengths.push(describe(lang, entry, metric, now, true));
      else if (isWorst) weaknesses.push(describe(lang, entry, metric, now, false));
    }
    const c = entry.company;
    if (c.tiers.length > 0) {
      strengths.push(
        pick(
          lang,
          `资质：${joinList(
            lang,
            c.tiers.map((t) => tierName(lang, t)),
          )}`,
          `Status: ${joinList(
            lang,
            c.tiers.map((t) => tierName(lang, t)),
          )}`,
        ),
      );
    }
    if (entry.facts.countries >= 5) {
      const where = joinList(
        lang,
        entry.facts.topCountries.map((code) => countryName(lang, code)),
      );
      strengths.push(
        pick(
          lang,
          `出口到${entry.facts.countries}个国家（主要为${where}）`,
          `Exports to ${entry.facts.countries} countries (mainly ${where})`,
        ),
      );
    }
    if (entry.facts.shipments === 0) weaknesses.push(pick(lang, '无出口记录', 'No export record'));
    if (entry.facts.riskWeight >= 30) {
      weaknesses.push(
        pick(
          lang,
          '有失信或被执行等严重风险记录，建议深度核查',
          'Serious risk records (dishonest debtor or enforcement): run a deep risk check',
        ),
      );
    }
    if (c.status !== 'active')
      weaknesses.push(pick(lang, `登记状态异常（${c.status}）`, `Registration status is ${c.status}`));
    return { strengths, weaknesses };
  });
}

export const compareSuppliers: Engine<'decide.compare_suppliers_5'> = async (
  payload,
  { db, lang, dataset, now },
) => {
  const companies: CompanyRow[] = [];
  for (const [index, name] of payload.names.entries()) {
    const found = await findCompany(db, dataset, lang, name);
    if (found.kind === 'unknown')
      return reject(found.msg, { field: `names.${index}`, suggestions: found.suggestions });
    if (companies.some((c) => c.id === found.company.id)) {
      return reject(
        pick(
          lang,
          `"${name}"重复出现，请提供不同的企业`,
          `"${name}" appears twice; give different companies`,
        ),
        {
          field: `names.${index}`,
        },
      );
    }
    companies.push(found.company);
  }
  await ensureStats(db, dataset);
  const ids = companies.map((c) => c.id);
  const [facts, scores] = await Promise.all([
    companyFacts(db, dataset, ids),
    db.query<{ id: number; score: number }>(
      `SELECT c.id, bizfn_supplier_score(c.insured_employees, c.registered_capital_cny, a.export_usd,
                cardinality(c.tiers), c.founded_on, a.risk_weight, c.status, $3::date) AS score
       FROM companies c LEFT JOIN agg_company a ON a.dataset = c.dataset AND a.company_id = c.id
       WHERE c.dataset = $1 AND c.id = ANY($2::bigint[])`,
      [dataset, ids, now.toISOString().slice(0, 10)],
    ),
  ]);
  const scoreOf = new Map(scores.rows.map((r) => [Number(r.id), round(Number(r.score), 1)]));
  const entries: Entry[] = companies.map((company) => ({
    company,
    facts: facts.get(company.id)!,
    score: scoreOf.get(company.id) ?? 0,
  }));
  const notes = assess(lang, entries, now);
  const result: Result['companies'] = entries.map((entry, index) => ({
    ...companyRef(lang, entry.company),
    score: entry.score,
    figures: {
      insured_employees: entry.company.insured_employees,
      registered_capital_cny: entry.company.registered_capital_cny,
      founded_on: entry.company.founded_on,
      tiers: entry.company.tiers.length,
      export_shipments: entry.facts.shipments,
      export_usd: entry.facts.exportUsd,
      export_countries: entry.facts.countries,
      overseas_buyers: entry.facts.buyers,
      risk_records: entry.facts.riskRecords,
      trademarks: entry.facts.trademarks,
      status: entry.company.status,
    },
    strengths: notes[index]!.strengths,
    weaknesses: notes[index]!.weaknesses,
  }));
  const best = [...entries].sort((a, b) => b.score - a.score || a.facts.riskWeight - b.facts.riskWeight)[0]!;
  const second = [...entries].sort((a, b) => b.score - a.score)[1]!;
  const bestNotes = notes[entries.indexOf(best)]!;
  const reasons = [
    pick(
      lang,
      `综合得分最高（${best.score}分，次高${second.score}分）`,
      `Highest overall score (${best.score}, next best ${second.score})`,
    ),
    ...bestNotes.strengths.slice(0, 4),
  ];
  if (bestNotes.weaknesses.length > 0) {
    reasons.push(
      pick(lang, `需留意：${bestNotes.weaknesses.join('；')}`, `Watch: ${bestNotes.weaknesses.join('; ')}`),
    );
  }
  return ok({
    data_source: dataset,
    companies: result,
    recommendation: { name: best.company.name, reasons },
  } satisfies Result);
};
