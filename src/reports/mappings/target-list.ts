// report.target_list_export -> document: the filters, an overview table and charts of the up to
// 30 companies, then one profile per company with full contacts and the selection rationale.
import type { ResultOf } from '../../catalog/index.ts';
import { formattersFor, orDash, placeName, tierName } from '../i18n.ts';
import type { Block, ReportDocument, Section } from '../model.ts';
import { col, fileStem, frame, type MappingContext, t } from './common.ts';

type Result = ResultOf<'report.target_list_export'>;

export function targetListDocument(result: Result, context: MappingContext): ReportDocument {
  const { lang } = context;
  const f = formattersFor(lang);
  const companies = result.companies;
  const scope = result.filters.province?.name ?? t(lang, '全国', 'All of China');
  const tiers = (list: readonly string[]) =>
    list.length ? f.list(list.map((tier) => tierName(tier, lang))) : '—';
  const contactCount = companies.reduce((sum, c) => sum + c.contacts.length, 0);
  const provinceCounts = new Map<string, number>();
  for (const c of companies) {
    const name = c.province?.name ?? t(lang, '未知', 'Unknown');
    provinceCounts.set(name, (provinceCounts.get(name) ?? 0) + 1);
  }
  const byProvince = [...provinceCounts].sort((a, b) => b[1] - a[1]);

  const keyFigures = [
    { label: t(lang, '目标企业', 'Target companies'), value: f.int(companies.length) },
    { label: t(lang, '联系人', 'Contacts'), value: f.int(contactCount) },
    {
      label: t(lang, '参保人数合计', 'Insured employees'),
      value: f.int(companies.reduce((s, c) => s + c.insured_employees, 0)),
    },
    { label: t(lang, '覆盖省份', 'Provinces'), value: f.int(byProvince.length) },
  ];

  const criteria: Block[] = [
    { type: 'figures', items: keyFigures },
    {
      type: 'fields',
      rows: [
        { label: t(lang, '行业', 'Industry'), value: `${result.industry.name} (${result.industry.code})` },
        { label: t(lang, '省份', 'Province'), value: scope },
        {
          label: t(lang, '企业资质', 'Tiers'),
          value: result.filters.tiers.length ? tiers(result.filters.tiers) : t(lang, '不限', 'Any'),
        },
        {
          label: t(lang, '最低参保人数', 'Minimum insured employees'),
          value: f.int(result.filters.min_insured),
        },
      ],
    },
  ];

  const overview: Block[] =
    companies.length === 0
      ? [{ type: 'paragraph', text: t(lang, '没有符合筛选条件的企业。', 'No company meets the filters.') }]
      : [
          {
            type: 'table',
            table: {
              columns: [
                col('#', 'right', 0.4),
                col(t(lang, '企业名称', 'Company'), 'left', 3.2),
                col(t(lang, '所在地', 'Location'), 'left', 1.6),
                col(t(lang, '企业资质', 'Tiers'), 'left', 1.8),
                col(t(lang, '参保人数', 'Insured'), 'right', 1),
                col(t(lang, '联系人', 'Contacts'), 'right', 0.9),
              ],
              rows: companies.map((c, i) => [
                String(i + 1),
                c.name,
                placeName(c.province, c.city, lang),
                tiers(c.tiers),
                f.int(c.insured_employees),
                f.int(c.contacts.length),
              ]),
            },
          },
          {
            type: 'chart',
            chart: {
              type: 'ranking',
              title: t(lang, '目标企业参保人数', 'Target companies by insured employees'),
              unit: t(lang, '参保人数', 'insured employees'),
              points: [...companies]
                .sort((a, b) => b.insured_employees - a.insured_employees)
                .map((c) => ({
                  label: c.name,
                  value: c.insured_employees,
                  display: f.int(c.insured_employees),
                })),
            },
          },
        ];
  if (byProvince.length > 1) {
    overview.push({
      type: 'chart',
      chart: {
        type: 'column',
        title: t(lang, '目标企业省份分布', 'Target companies by province'),
        unit: t(lang, '企业数', 'companies'),
        points: byProvince.map(([name, count]) => ({ label: name, value: count, display: f.int(count) })),
      },
    });
  }

  const profiles: Block[] = companies.flatMap((c, i): Block[] => [
    { type: 'subheading', text: `${i + 1}. ${c.name}` },
    {
      type: 'fields',
      rows: [
        { label: t(lang, '统一社会信用代码', 'USCC'), value: orDash(c.uscc) },
        { label: t(lang, '所在地', 'Location'), value: placeName(c.province, c.city, lang) },
        {
          label: t(lang, '行业', 'Industry'),
          value: c.industry ? `${c.industry.name} (${c.industry.code})` : '—',
        },
        { label: t(lang, '企业资质', 'Tiers'), value: tiers(c.tiers) },
        { label: t(lang, '参保人数', 'Insured employees'), value: f.int(c.insured_employees) },
      ],
    },
    c.contacts.length === 0
      ? { type: 'paragraph', text: t(lang, '暂无联系人记录。', 'No contact on record.') }
      : {
          type: 'table',
          table: {
            columns: [
              col(t(lang, '联系人', 'Name'), 'left', 1.2),
              col(t(lang, '职务', 'Title'), 'left', 1.4),
              col(t(lang, '电话', 'Phone'), 'left', 1.4),
              col(t(lang, '邮箱', 'Email'), 'left', 2.2),
            ],
            rows: c.contacts.map((p) => [p.name, orDash(p.title), orDash(p.phone), orDash(p.email)]),
          },
        },
    { type: 'paragraph', text: `${t(lang, '入选理由：', 'Why selected: ')}${c.rationale}` },
  ]);

  const sections: Section[] = [
    { heading: t(lang, '筛选条件', 'Selection criteria'), blocks: criteria },
    { heading: t(lang, '名单总览', 'The list at a glance'), blocks: overview },
    { heading: t(lang, '企业详情与联系人', 'Company profiles and contacts'), blocks: profiles },
    {
      heading: t(lang, '使用说明', 'Notes on use'),
      blocks: [
        {
          type: 'paragraph',
          text: t(
            lang,
            '企业按筛选条件选出并按综合匹配度排序；联系人信息来自企业公开登记与业务数据库，使用时请遵守《个人信息保护法》等法律法规，仅用于正当商务联系。',
            'Companies are selected by the filters and ordered by overall fit. Contact details come from public registrations and the business database; use them for legitimate business contact only and within applicable data-protection law.',
          ),
        },
      ],
    },
  ];

  return frame({
    kind: 'target_list',
    title: t(lang, '目标客户名单', 'Target Company List'),
    subject: `${result.industry.name} · ${scope}`,
    source: result.data_source,
    stem: fileStem(
      t(lang, '目标客户名单', 'target-list'),
      [result.industry.name, result.filters.province?.name ?? ''],
      context.generatedAt,
    ),
    keyFigures,
    sections,
    context,
  });
}
