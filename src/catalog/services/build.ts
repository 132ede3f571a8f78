import { z } from 'zod';
import { defineService } from '../define.ts';
import { companyRef, text } from '../shapes.ts';
import { dataSource } from '../vocab.ts';

const conflict = z.object({
  with: z.string(),
  kind: z.enum(['company_name', 'trademark']),
  similarity: z.number().min(0).max(1),
});

export const naming = defineService({
  code: 'build.naming',
  title: { zh: '企业起名 / 改名 / 英文名', en: 'Company naming / renaming / English name' },
  summary:
    'Chinese rename candidates and English names, each checked against registered names and trademarks.',
  usdCents: 3_900,
  category: 'build',
  async: false,
  typicalDuration: 'under 1 s',
  note: 'Candidates are checked for conflicts in the same province and industry.',
  payload: z.object({ company: text(200).describe('Chinese company full legal name') }).strict(),
  result: z.object({
    data_source: dataSource,
    company: companyRef,
    zh_candidates: z.array(
      z.object({
        name: z.string(),
        rationale: z.string(),
        available: z.boolean(),
        conflicts: z.array(conflict),
      }),
    ),
    en_candidates: z.array(
      z.object({
        name: z.string(),
        method: z.enum(['pinyin', 'meaning']),
        rationale: z.string(),
        available: z.boolean(),
        conflicts: z.array(conflict),
      }),
    ),
  }),
});
