import { z } from 'zod';
import { defineService } from '../define.ts';
import { companyRef, text } from '../shapes.ts';
import { dataSource, province } from '../vocab.ts';

export const provinceDecision = defineService({
  code: 'decide.province',
  title: { zh: '省份落地决策', en: 'Province landing decision' },
  summary: 'Recommends a province for an industry: all 31 provinces ranked with the figures behind it.',
  usdCents: 9_900,
  category: 'decide',
  async: false,
  typicalDuration: 'under 1 s',
  note: 'Full density ranking across all 31 provinces, never truncated.',
  payload: z.object({ industry: text(100).describe('Industry name') }).strict(),
  result: z.object({
    data_source: dataSource,
    industry: z.object({ code: z.string(), name: z.string() }),
    ranking: z
      .array(
        z.object({
          rank: z.number().int().min(1),
          province,
          companies: z.number().int().min(0),
          share: z.number().min(0).max(1),
          score: z.number().min(0).max(100),
          figures: z.record(z.string(), z.number()).describe('The figures the score is computed from'),
        }),
      )
      .length(31),
    recommendation: z.object({ province, reasons: z.array(z.string()) }),
  }),
});

export const compareSuppliers = defineService({
  code: 'decide.compare_suppliers_5',
  title: { zh: '供应商对比（2-5家）', en: 'China supplier comparison (2-5 companies)' },
  summary: '2 to 5 Chinese suppliers side by side, with a scored recommendation.',
  usdCents: 14_900,
  category: 'decide',
  async: false,
  typicalDuration: 'under 1 s',
  note: '2 to 5 company full legal names.',
  payload: z
    .object({
      names: z.array(text(200)).min(2).max(5).describe('Company full legal names (2 to 5)'),
    })
    .strict(),
  result: z.object({
    data_source: dataSource,
    companies: z
      .array(
        companyRef.extend({
          score: z.number().min(0).max(100),
          figures: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
          strengths: z.array(z.string()),
          weaknesses: z.array(z.string()),
        }),
      )
      .min(2)
      .max(5),
    recommendation: z.object({ name: z.string(), reasons: z.array(z.string()) }),
  }),
});

export const market = defineService({
  code: 'decide.market',
  title: { zh: '海外市场选择', en: 'Overseas market selection' },
  summary: 'Ranks every covered country by the number of purchasers of a product.',
  usdCents: 2_900,
  category: 'decide',
  async: false,
  typicalDuration: 'under 1 s',
  note: 'Purchaser-count ranking over all covered countries, never truncated.',
  payload: z
    .object({ product: text(200).describe('Product or requirement description, in Chinese or English') })
    .strict(),
  result: z.object({
    data_source: dataSource,
    product: z.string(),
    hs_codes: z.array(z.string()),
    ranking: z.array(
      z.object({
        rank: z.number().int().min(1),
        country: z.object({ code: z.string(), name: z.string() }),
        purchasers: z.number().int().min(0),
        shipments: z.number().int().min(0),
        value_usd: z.number().min(0),
        share: z.number().min(0).max(1),
      }),
    ),
    covered_countries: z.number().int().min(0),
  }),
});
