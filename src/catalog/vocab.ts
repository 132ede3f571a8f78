// Closed vocabularies that payloads accept and engines use.
import { z } from 'zod';

/** brand_check.MARKETS: the target markets a brand is checked in. */
export const MARKETS = ['cn', 'us_uk', 'eu', 'jp', 'kr', 'sea', 'au_nz', 'ca', 'latam', 'mena'] as const;
export type Market = (typeof MARKETS)[number];

/** Company tiers a target list can be restricted to. */
export const TIERS = ['listed', 'srdi', 'little_giant', 'high_tech', 'tech_sme', 'soe'] as const;
export type Tier = (typeof TIERS)[number];

export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** Where a result's facts come from: the generated demo dataset or the operator's imported data. */
export const dataSource = z.enum(['demo', 'operator']).describe('Dataset the answer was computed from');

/** A text given in both languages; the run's lang picks which one headline fields use. */
export const bilingual = z.object({ zh: z.string(), en: z.string() });

export const province = z.object({
  code: z.string().describe('GB/T 2260 code, e.g. 330000'),
  name: z.string().describe('Name in the output language'),
});
