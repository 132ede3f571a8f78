// report.new_product_intelligence -> document: demand by country (ranking chart), price bands
// (column chart), competing products and component suppliers.
import type { ResultOf } from '../../catalog/index.ts';
import { formattersFor, orDash, placeName } from '../i18n.ts';
import type { Block, ReportDocument, Section } from '../model.ts';
import { col, fileStem, frame, type MappingContext, t } from './common.ts';

type Result = ResultOf<'report.new_product_intelligence'>;

const CHART_COUNTRIES = 12;

export function newProductDocument(result: Result, context: MappingContext): ReportDocument {
  const { lang } = context;
  const f = formattersFor(lang);
  const countries = [...result.demand_by_country].sort((a, b) => b.purchasers - a.purchasers);
  const mode = result.mode === 'design' ? t(lang, '新品设计', 'Design') : t(lang, '竞品拆解', 'Deconstruct');

  const keyFigures = [
    { label: t(lang, '有需求的国家', 'Countries with demand'), value: f.int(countries.length) },
    {
      label: t(lang, '海外采购商', 'Overseas purchasers'),
      value: f.int(countries.reduce((s, c) => s + c.purchasers, 0)),
    },
    {
      label: t(lang, '采购金额', 'Purchase value'),
      value: f.usd(countries.reduce((s, c) => s + c.value_usd, 0)),
    },
    {
      label: t(lang, '零部件供应商', 'Component suppliers'),
      value: f.int(result.component_suppliers.length),
    },
  ];

  const demand: Block[] =
    countries.length === 0
      ? []
      : [
          {
            type: 'chart',
            chart: {
              type: 'ranking',
              title: t(lang, '各国采购商数量', 'Purchasers by country'),
              unit: t(lang, '采购商数', 'purchasers'),
              points: countries
                .slice(0, CHART_COUNTRIES)
                .map((c) => ({ label: c.country.name, value: c.purchasers, display: f.int(c.purchasers) })),
            },
          },
          {
            type: 'table',
            table: {
              columns: [
                col('#', 'right', 0.4),
                col(t(lang, '国家', 'Country'), 'left', 2),
                col(t(lang, '代码', 'Code'), 'left', 0.7),
                col(t(lang, '采购商', 'Purchasers'), 'right', 1.2),
                col(t(lang, '采购金额', 'Value'), 'right', 1.6),
              ],
              rows: countries.map((c, i) => [
                String(i + 1),
                c.country.name,
                c.country.code,
                f.int(c.purchasers),
                f.usd(c.value_usd),
              ]),
            },
          },
        ];

  const bands: Block[] =
    result.price_bands.length === 0
      ? []
      : [
          {
            type: 'chart',
            chart: {
              type: 'column',
              title: t(lang, '价格带分布', 'Price bands'),
              unit: t(lang, '占比', 'share'),
              points: result.price_bands.map((b) => ({
                label: b.band,
                value: b.share,
                display: f.share(b.share),
              })),
            },
          },
          {
            type: 'table',
            table: {
              columns: [
                col(t(lang, '价格带', 'Band'), 'left', 1.5),
                col(t(lang, '最低价（美元）', 'Min (USD)'), 'right', 1),
                col(t(lang, '最高价（美元）', 'Max (USD)'), 'right', 1),
                col(t(lang, '占比', 'Share'), 'right', 1),
              ],
              rows: result.price_bands.map((b) => [
                b.band,
                f.int(b.min_usd),
                f.int(b.max_usd),
                f.share(b.share),
              ]),
            },
          },
        ];

  const competing: Block[] =
    result.competing_products.length === 0
      ? []
      : [
          {
            type: 'table',
            table: {
              columns: [
                col(t(lang, '产品', 'Product'), 'left', 1.6),
                col(t(lang, '厂商', 'Maker'), 'left', 1.6),
                col(t(lang, '要点', 'Notes'), 'left', 3),
              ],
              rows: result.competing_products.map((p) => [p.name, p.maker, p.note]),
            },
          },
        ];

  const suppliers: Block[] =
    result.component_suppliers.length === 0
      ? []
      : [
          {
            type: 'table',
            table: {
              columns: [
                col(t(lang, '零部件', 'Component'), 'left', 1.4),
                col(t(lang, '供应商', 'Supplier'), 'left', 3),
                col(t(lang, '所在地', 'Location'), 'left', 1.6),
                col(t(lang, '统一社会信用代码', 'USCC'), 'left', 2),
              ],
              rows: result.component_suppliers.map((s) => [
                s.component,
                s.name,
                placeName(s.province, s.city, lang),
                orDash(s.uscc),
              ]),
            },
          },
        ];

  const sections: Section[] = [
    {
      heading: t(lang, '摘要', 'Summary'),
      blocks: [
        { type: 'figures', items: keyFigures },
        {
          type: 'fields',
          rows: [
            { label: t(lang, '产品', 'Product'), value: result.product },
            { label: t(lang, '报告模式', 'Mode'), value: mode },
          ],
        },
        ...(result.summary ? [{ type: 'paragraph', text: result.summary } as const] : []),
      ],
    },
    { heading: t(lang, '海外需求', 'Demand by country'), blocks: demand },
    { heading: t(lang, '价格带', 'Price bands'), blocks: bands },
    { heading: t(lang, '竞品', 'Competing products'), blocks: competing },
    { heading: t(lang, '零部件供应商', 'Component suppliers'), blocks: suppliers },
  ];

  return frame({
    kind: 'new_product_intelligence',
    title: t(lang, '新品情报报告', 'New Product Intelligence Report'),
    subject: `${result.product} · ${mode}`,
    source: result.data_source,
    stem: fileStem(
      t(lang, '新品情报报告', 'new-product-intelligence'),
      [result.product],
      context.generatedAt,
    ),
    keyFigures,
    sections,
    context,
  });
}
