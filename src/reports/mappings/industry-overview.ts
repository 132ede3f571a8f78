// report.industry_overview -> document: size, province distribution (column chart), leaders
// (ranking chart), risk, and the trend of new companies (line chart) when the result has years.
import type { ResultOf } from '../../catalog/index.ts';
import { formattersFor, orDash, placeName } from '../i18n.ts';
import type { Block, ReportDocument, Section } from '../model.ts';
import { col, fileStem, frame, type MappingContext, t } from './common.ts';

type Result = ResultOf<'report.industry_overview'>;

/** Columns past this many provinces would be too thin to read; the table still lists them all. */
const CHART_PROVINCES = 15;
const CHART_LEADERS = 10;

export function industryOverviewDocument(result: Result, context: MappingContext): ReportDocument {
  const { lang } = context;
  const f = formattersFor(lang);
  const scope = result.province?.name ?? t(lang, '全国', 'All of China');
  const subject = `${result.industry.name} · ${scope}`;
  const provinces = [...result.province_distribution].sort((a, b) => b.companies - a.companies);
  const leaders = result.leaders;
  const trends = [...result.trends].sort((a, b) => a.year - b.year);

  const keyFigures = [
    { label: t(lang, '企业数量', 'Companies'), value: f.int(result.size.companies) },
    { label: t(lang, '参保人数', 'Insured employees'), value: f.int(result.size.insured_employees) },
    {
      label: t(lang, '注册资本合计', 'Registered capital'),
      value: f.cny(result.size.registered_capital_cny),
    },
    { label: t(lang, '涉风险企业占比', 'Companies with risk records'), value: f.share(result.risk.share) },
  ];

  const sizeBlocks: Block[] = [
    { type: 'figures', items: keyFigures },
    {
      type: 'fields',
      rows: [
        {
          label: t(lang, '行业（国民经济行业分类）', 'Industry (GB/T 4754-2017)'),
          value: `${result.industry.name} (${result.industry.code})`,
        },
        { label: t(lang, '地域范围', 'Scope'), value: scope },
        {
          label: t(lang, '覆盖省份', 'Provinces with companies'),
          value: f.int(provinces.filter((p) => p.companies > 0).length),
        },
        {
          label: t(lang, '平均参保人数', 'Average insured employees'),
          value:
            result.size.companies > 0
              ? f.int(Math.round(result.size.insured_employees / result.size.companies))
              : '—',
        },
      ],
    },
  ];

  const provinceBlocks: Block[] =
    provinces.length === 0
      ? []
      : [
          {
            type: 'chart',
            chart: {
              type: 'column',
              title: t(
                lang,
                `企业数量最多的 ${Math.min(CHART_PROVINCES, provinces.length)} 个省份`,
                `Top ${Math.min(CHART_PROVINCES, provinces.length)} provinces by companies`,
              ),
              unit: t(lang, '企业数', 'companies'),
              points: provinces
                .slice(0, CHART_PROVINCES)
                .map((p) => ({ label: p.province.name, value: p.companies, display: f.int(p.companies) })),
            },
          },
          {
            type: 'table',
            table: {
              columns: [
                col('#', 'right', 0.4),
                col(t(lang, '省份', 'Province'), 'left', 2),
                col(t(lang, '企业数', 'Companies'), 'right', 1.2),
                col(t(lang, '占比', 'Share'), 'right', 1),
              ],
              rows: provinces.map((p, i) => [
                String(i + 1),
                p.province.name,
                f.int(p.companies),
                f.share(p.share),
              ]),
            },
          },
        ];

  const leaderBlocks: Block[] =
    leaders.length === 0
      ? []
      : [
          {
            type: 'chart',
            chart: {
              type: 'ranking',
              title: t(lang, '龙头企业参保人数排名', 'Leading companies by insured employees'),
              unit: t(lang, '参保人数', 'insured employees'),
              points: leaders.slice(0, CHART_LEADERS).map((c) => ({
                label: c.name,
                value: c.insured_employees,
                display: f.int(c.insured_employees),
              })),
            },
          },
          {
            type: 'table',
            table: {
              columns: [
                col('#', 'right', 0.4),
                col(t(lang, '企业名称', 'Company'), 'left', 3.2),
                col(t(lang, '所在地', 'Location'), 'left', 1.6),
                col(t(lang, '统一社会信用代码', 'USCC'), 'left', 2),
                col(t(lang, '参保人数', 'Insured'), 'right', 1),
              ],
              rows: leaders.map((c, i) => [
                String(i + 1),
                c.name,
                placeName(c.province, c.city, lang),
                orDash(c.uscc),
                f.int(c.insured_employees),
              ]),
            },
          },
        ];

  const riskText = t(
    lang,
    `在 ${f.int(result.size.companies)} 家企业中，${f.int(result.risk.companies_with_records)} 家（${f.share(result.risk.share)}）存在诉讼、失信、被执行、行政处罚或重大变更记录。合作前建议对候选企业逐一进行深度风险核查。`,
    `Of ${f.int(result.size.companies)} companies, ${f.int(result.risk.companies_with_records)} (${f.share(result.risk.share)}) have litigation, dishonesty, enforcement, penalty or major-change records. Run a deep risk check on any candidate before doing business.`,
  );

  const trendBlocks: Block[] = [];
  if (trends.length >= 2) {
    trendBlocks.push({
      type: 'chart',
      chart: {
        type: 'line',
        title: t(lang, '每年新成立企业数', 'New companies per year'),
        unit: t(lang, '新成立企业数', 'new companies'),
        points: trends.map((y) => ({
          label: String(y.year),
          value: y.new_companies,
          display: f.int(y.new_companies),
        })),
      },
    });
  }
  if (trends.length > 0) {
    trendBlocks.push({
      type: 'table',
      table: {
        columns: [
          col(t(lang, '年份', 'Year'), 'left', 1),
          col(t(lang, '新成立企业数', 'New companies'), 'right', 1.5),
        ],
        rows: trends.map((y) => [String(y.year), f.int(y.new_companies)]),
      },
    });
  }

  const sections: Section[] = [
    {
      heading: t(lang, '摘要', 'Summary'),
      blocks: result.summary ? [{ type: 'paragraph', text: result.summary }] : [],
    },
    { heading: t(lang, '行业规模', 'Industry size'), blocks: sizeBlocks },
    { heading: t(lang, '省份分布', 'Distribution by province'), blocks: provinceBlocks },
    { heading: t(lang, '龙头企业', 'Leading companies'), blocks: leaderBlocks },
    { heading: t(lang, '风险概况', 'Risk'), blocks: [{ type: 'paragraph', text: riskText }] },
    { heading: t(lang, '发展趋势', 'Trend'), blocks: trendBlocks },
    {
      heading: t(lang, '方法与数据说明', 'Method and data'),
      blocks: [
        {
          type: 'paragraph',
          text: t(
            lang,
            '企业按国民经济行业分类（GB/T 4754-2017）归入行业，按注册地归入省份（GB/T 2260）。规模指标为在营企业合计；龙头企业按参保人数排序；趋势为按成立年份统计的新设企业数。',
            'Companies are assigned to industries by GB/T 4754-2017 division and to provinces by registered address (GB/T 2260). Size figures sum active companies; leaders are ranked by insured employees; the trend counts companies by founding year.',
          ),
        },
      ],
    },
  ];

  return frame({
    kind: 'industry_overview',
    title: t(lang, '中国行业分析报告', 'China Industry Analysis Report'),
    subject,
    source: result.data_source,
    stem: fileStem(
      t(lang, '行业分析报告', 'industry-overview'),
      [result.industry.name, result.province?.name ?? ''],
      context.generatedAt,
    ),
    keyFigures,
    sections,
    context,
  });
}
