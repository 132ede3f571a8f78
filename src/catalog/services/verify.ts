import { z } from 'zod';
import { defineService } from '../define.ts';
import { companyRef, riskLevel, text } from '../shapes.ts';
import { dataSource, MARKETS } from '../vocab.ts';

export const brandCheck = defineService({
  code: 'verify.brand_check',
  title: { zh: '品牌查询（出海/中国）', en: 'Brand check (outbound/China)' },
  summary:
    'Checks a brand for trademark conflicts per target market: exact, sound-alike and look-alike marks.',
  usdCents: 9_900,
  category: 'verify',
  async: false,
  typicalDuration: 'under 1 s',
  note: 'Conflicts per market with Nice classes, a risk level and advice.',
  payload: z
    .object({
      brand: text(100).describe('Brand name (Chinese, English or pinyin)'),
      markets: z
        .array(z.enum(MARKETS))
        .min(1)
        .max(MARKETS.length)
        .optional()
        .describe(`Target market ids from brand_check.MARKETS: ${MARKETS.join(', ')}; default all`),
    })
    .strict(),
  result: z.object({
    data_source: dataSource,
    brand: z.string(),
    overall_risk: riskLevel,
    markets: z.array(
      z.object({
        market: z.enum(MARKETS),
        risk_level: riskLevel,
        conflicts: z.array(
          z.object({
            mark: z.string(),
            owner: z.string(),
            nice_class: z.number().int().min(1).max(45),
            match: z.enum(['exact', 'phonetic', 'similar']),
            similarity: z.number().min(0).max(1),
            status: z.string(),
          }),
        ),
        advice: z.string(),
      }),
    ),
    advice: z.string(),
  }),
});

export const deepRiskCheck = defineService({
  code: 'verify.deep_risk_check',
  title: { zh: '深度风险核查', en: 'Deep risk check' },
  summary:
    'Litigation, dishonest-debtor and enforcement records, penalties and registration changes, with a risk score.',
  usdCents: 4_900,
  category: 'verify',
  async: false,
  typicalDuration: 'under 1 s',
  note: 'Identify the company by full legal name or 18-character unified social credit code.',
  payload: z
    .object({
      identifier: text(200).describe('Company full legal name or 18-digit unified social credit code'),
    })
    .strict(),
  result: z.object({
    data_source: dataSource,
    company: companyRef,
    risk_score: z.number().int().min(0).max(100),
    risk_level: riskLevel,
    counts: z.object({
      litigation: z.number().int().min(0),
      dishonest: z.number().int().min(0),
      enforcement: z.number().int().min(0),
      penalties: z.number().int().min(0),
      changes: z.number().int().min(0),
    }),
    findings: z.array(
      z.object({
        type: z.enum(['litigation', 'dishonest', 'enforcement', 'penalty', 'change']),
        severity: riskLevel,
        date: z.string(),
        title: z.string(),
        amount_cny: z.number().nullable(),
        detail: z.string(),
      }),
    ),
    drivers: z.array(z.string()).describe('The findings that drive the score, most important first'),
  }),
});
