import { z } from 'zod';
import { defineService } from '../define.ts';
import { companyRef, downloadUrls, text } from '../shapes.ts';
import { dataSource, province, TIERS } from '../vocab.ts';

const industryRef = z.object({ code: z.string(), name: z.string() });

export const industryOverview = defineService({
  code: 'report.industry_overview',
  title: { zh: '中国行业分析报告', en: 'China industry analysis report' },
  summary:
    'China industry analysis: size, province distribution, leaders, risk and trends; pdf, docx, md and txt.',
  usdCents: 7_900,
  category: 'verify',
  async: false,
  typicalDuration: '10-20 s quoted; typically about 1 s here',
  note: 'Returns download_urls for pdf, docx, md and txt.',
  payload: z
    .object({
      industry: text(100).describe('Industry name'),
      province: text(40).optional().describe('Limit to a province'),
    })
    .strict(),
  result: z.object({
    data_source: dataSource,
    industry: industryRef,
    province: province.nullable(),
    summary: z.string(),
    size: z.object({
      companies: z.number().int().min(0),
      insured_employees: z.number().int().min(0),
      registered_capital_cny: z.number().min(0),
    }),
    province_distribution: z.array(
      z.object({ province, companies: z.number().int().min(0), share: z.number().min(0).max(1) }),
    ),
    leaders: z.array(companyRef.extend({ insured_employees: z.number().int().min(0) })),
    risk: z.object({ companies_with_records: z.number().int().min(0), share: z.number().min(0).max(1) }),
    trends: z.array(z.object({ year: z.number().int(), new_companies: z.number().int().min(0) })),
    download_urls: downloadUrls.optional(),
  }),
});

export const newProductIntelligence = defineService({
  code: 'report.new_product_intelligence',
  title: { zh: '新品情报报告', en: 'New product intelligence report' },
  summary: 'Demand by country, price bands, competing products and component suppliers for a product.',
  usdCents: 89_900,
  category: 'standalone',
  async: true,
  typicalDuration: '20-40 s quoted',
  note: 'Standalone: charged to the saved payment method. Supports async with a signed webhook.',
  payload: z
    .object({
      product: text(200).describe('Product or requirement description, in Chinese or English'),
      mode: z.enum(['design', 'deconstruct']).default('design').describe('Report mode'),
    })
    .strict(),
  result: z.object({
    data_source: dataSource,
    product: z.string(),
    mode: z.enum(['design', 'deconstruct']),
    summary: z.string(),
    demand_by_country: z.array(
      z.object({
        country: z.object({ code: z.string(), name: z.string() }),
        purchasers: z.number().int().min(0),
        value_usd: z.number().min(0),
      }),
    ),
    price_bands: z.array(
      z.object({
        band: z.string(),
        min_usd: z.number(),
        max_usd: z.number(),
        share: z.number().min(0).max(1),
      }),
    ),
    competing_products: z.array(z.object({ name: z.string(), maker: z.string(), note: z.string() })),
    component_suppliers: z.array(companyRef.extend({ component: z.string() })),
    download_urls: downloadUrls.optional(),
  }),
});

export const targetListExport = defineService({
  code: 'report.target_list_export',
  title: { zh: '目标客户名单导出', en: 'Target list export' },
  summary:
    'Up to 30 companies with full contact details and a selection rationale, plus pdf/docx/md/txt files.',
  usdCents: 120_000,
  category: 'standalone',
  async: true,
  typicalDuration: '1-3 min quoted',
  note: 'Standalone: charged to the saved payment method. Supports async with a signed webhook.',
  payload: z
    .object({
      industry: text(100).describe('Industry name'),
      province: text(40).optional().describe('Limit to a province'),
      tiers: z
        .array(z.enum(TIERS))
        .min(1)
        .optional()
        .describe(`Restrict to tiers: ${TIERS.join(', ')}`),
      min_insured: z
        .number()
        .int()
        .min(0)
        .default(2)
        .describe('Minimum insured-employee threshold (default 2)'),
    })
    .strict(),
  result: z.object({
    data_source: dataSource,
    industry: industryRef,
    filters: z.object({
      province: province.nullable(),
      tiers: z.array(z.enum(TIERS)),
      min_insured: z.number().int().min(0),
    }),
    companies: z
      .array(
        companyRef.extend({
          tiers: z.array(z.enum(TIERS)),
          insured_employees: z.number().int().min(0),
          contacts: z.array(
            z.object({
              name: z.string(),
              title: z.string(),
              phone: z.string().nullable(),
              email: z.string().nullable(),
            }),
          ),
          rationale: z.string(),
        }),
      )
      .max(30),
    download_urls: downloadUrls.optional(),
  }),
});
