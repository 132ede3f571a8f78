import { z } from 'zod';
import { defineService } from '../define.ts';
import { candidate, companyRef, text } from '../shapes.ts';
import { dataSource, province } from '../vocab.ts';

const productSearch = z
  .object({
    product: text(200).describe('Product or requirement description, in Chinese or English'),
    province: text(40).optional().describe('Limit to a province (name in zh or en, or GB/T 2260 code)'),
  })
  .strict();

const candidates = z.object({
  data_source: dataSource,
  query: z.object({ product: z.string(), province: province.nullable() }),
  matched_terms: z.array(z.string()).describe('Product terms and synonyms the search matched'),
  candidates: z.array(candidate).length(10),
});

export const buyers = defineService({
  code: 'discover.buyers',
  title: { zh: '找买家', en: 'Discover buyers' },
  summary: 'Ten ranked overseas buyers of a product, each with the trade evidence behind it.',
  usdCents: 1_000,
  category: 'discover',
  async: false,
  typicalDuration: '9-12 s quoted; typically well under 1 s here',
  note: '10 candidates per search, returned complete and synchronously.',
  payload: productSearch,
  result: candidates,
});

export const suppliers = defineService({
  code: 'discover.suppliers',
  title: { zh: '找供应商', en: 'Discover suppliers' },
  summary: 'Ten ranked Chinese suppliers of a product, each with the evidence behind it.',
  usdCents: 1_000,
  category: 'discover',
  async: false,
  typicalDuration: '5-8 s quoted; typically well under 1 s here',
  note: '10 candidates per search, returned complete and synchronously.',
  payload: productSearch,
  result: candidates,
});

export const cnBuyers = defineService({
  code: 'discover.cn_buyers',
  title: { zh: '省份/行业买家名单', en: 'Province/industry buyer list' },
  summary:
    'Density ranking of domestic buyer companies across all 31 provinces; with a province, also its buyer list.',
  usdCents: 4_900,
  category: 'discover',
  async: false,
  typicalDuration: 'under 1 s',
  note: 'The ranking always covers all 31 provinces.',
  payload: z
    .object({
      industry: text(100).describe('Industry name'),
      province: text(40).optional().describe('When present, the buyer company list for it is also returned'),
    })
    .strict(),
  result: z.object({
    data_source: dataSource,
    industry: z.object({ code: z.string(), name: z.string() }),
    buyer_industries: z.array(z.object({ code: z.string(), name: z.string() })),
    ranking: z
      .array(
        z.object({
          rank: z.number().int().min(1),
          province,
          buyers: z.number().int().min(0),
          share: z.number().min(0).max(1),
        }),
      )
      .length(31),
    province: province.nullable(),
    buyers: z.array(companyRef.extend({ insured_employees: z.number().int().min(0) })).nullable(),
  }),
});

export const competitors = defineService({
  code: 'discover.competitors',
  title: { zh: '同行竞品', en: 'Same-industry competitors' },
  summary: 'Same-industry companies scored by similarity to the target company, at most 500 per call.',
  usdCents: 2_900,
  category: 'discover',
  async: false,
  typicalDuration: 'under 1 s',
  note: 'At most 500 results, truncated by score; `capped` tells whether truncation occurred.',
  payload: z
    .object({
      company: text(200).describe('Target company full legal name'),
      same_province_only: z.boolean().default(false).describe('Limit to the same province'),
    })
    .strict(),
  result: z.object({
    data_source: dataSource,
    company: companyRef,
    total_found: z.number().int().min(0),
    capped: z.boolean(),
    competitors: z
      .array(companyRef.extend({ rank: z.number().int().min(1), score: z.number().min(0).max(100) }))
      .max(500),
  }),
});
