// Result building blocks shared by several services.
import { z } from 'zod';
import { province } from './vocab.ts';

export const text = (max = 200) => z.string().trim().min(1).max(max);

export const companyRef = z.object({
  name: z.string().describe('Full legal name'),
  uscc: z.string().nullable().describe('18-character unified social credit code'),
  province: province.nullable(),
  city: z.string().nullable(),
  industry: z.object({ code: z.string(), name: z.string() }).nullable().describe('GB/T 4754-2017 division'),
});

export const candidate = z.object({
  rank: z.number().int().min(1),
  name: z.string(),
  uscc: z.string().nullable(),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  province: province.nullable(),
  city: z.string().nullable(),
  score: z.number().min(0).max(100),
  evidence: z.array(z.string()).describe('Facts behind the ranking, in the output language'),
});

export const downloadUrls = z
  .object({ pdf: z.url(), docx: z.url(), md: z.url(), txt: z.url() })
  .describe('Absolute download links per file format; only the paying key can download');

export const riskLevel = z.enum(['low', 'medium', 'high']);
