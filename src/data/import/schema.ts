// The documented import format (docs/data-import.md), one zod schema per file. CSV cells arrive
// as strings, JSONL values as JSON; both pass through the same schemas, so the rules are the same.
// References to other rows use natural keys (a company's USCC, a buyer's country and name); the
// importer resolves them to ids.
import { z } from 'zod';
import { MARKETS, TIERS } from '../../catalog/index.ts';
import { resolveIndustry, resolveProvince } from '../lookup.ts';
import { countryByCode } from '../reference/countries.ts';
import { PRODUCTS } from '../reference/products.ts';
import { checkUscc } from '../uscc.ts';

const text = z.string().trim().min(1);
const optionalText = z.string().trim().min(1).optional();
const int = (min = 0) => z.coerce.number().int().min(min);
const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'not a real date');
const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v)),
]);
/** A list: a JSON array in JSONL, "a|b|c" in CSV. */
const list = z
  .union([z.array(z.string()), z.string().transform((v) => v.split('|'))])
  .transform((items) => items.map((item) => item.trim()).filter(Boolean));

const uscc = z.string().transform((value, ctx) => {
  const checked = checkUscc(value);
  if (!checked.ok) {
    ctx.addIssue({ code: 'custom', message: `invalid USCC "${value}": ${checked.reason}` });
    return z.NEVER;
  }
  return checked.uscc;
});

const country = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const found = countryByCode(value);
    if (!found || value.length !== 2) {
      ctx.addIssue({ code: 'custom', message: `unknown ISO 3166-1 alpha-2 country "${value}"` });
      return z.NEVER;
    }
    return found.code;
  });

const provinceCode = z.string().transform((value, ctx) => {
  const found = resolveProvince(value);
  if (!found.found) {
    ctx.addIssue({
      code: 'custom',
      message: `unknown province "${value}" (closest: ${found.suggestions.join(', ')})`,
    });
    return z.NEVER;
  }
  return found.value.code;
});

const industryCode = z.string().transform((value, ctx) => {
  const found = resolveIndustry(value);
  if (!found.found) {
    ctx.addIssue({
      code: 'custom',
      message: `unknown industry "${value}" (closest: ${found.suggestions.join(', ')})`,
    });
    return z.NEVER;
  }
  return found.value.code;
});

const productKeys = new Map<string, string>();
for (const product of PRODUCTS) {
  for (const name of [product.key, product.zh, product.en, ...product.synonymsZh, ...product.synonymsEn]) {
    if (!productKeys.has(name.toLowerCase())) productKeys.set(name.toLowerCase(), product.key);
  }
}
/** A product key, or a product name or synonym in zh or en (mapped to its key). */
const productKey = z.string().transform((value, ctx) => {
  const key = productKeys.get(value.trim().toLowerCase());
  if (!key) {
    ctx.addIssue({
      code: 'custom',
      message: `unknown product "${value}" (use a key or name from src/data/reference/products.ts)`,
    });
    return z.NEVER;
  }
  return key;
});
const products = list.pipe(z.array(productKey)).transform((keys) => [...new Set(keys)]);

export const companyRecord = z.object({
  uscc,
  name: text,
  name_en: optionalText,
  brand: optionalText,
  province_code: provinceCode,
  city: optionalText,
  city_en: optionalText,
  industry_code: industryCode,
  products: products.optional(),
  scope: optionalText,
  registered_capital_cny: int().optional(),
  founded_on: date.optional(),
  insured_employees: int().optional(),
  tiers: list.pipe(z.array(z.enum(TIERS))).optional(),
  status: z.enum(['active', 'revoked', 'cancelled', 'moved']).optional(),
  legal_rep: optionalText,
  exporter: bool.optional(),
  website: optionalText,
});

export const trademarkRecord = z.object({
  jurisdiction: z.enum(MARKETS),
  reg_no: text,
  mark: text,
  nice_class: int(1).max(45),
  owner_name: text,
  owner_uscc: uscc.optional(),
  status: z.enum(['registered', 'pending', 'opposed', 'expired', 'invalidated']),
  filed_on: date.optional(),
  registered_on: date.optional(),
  goods: optionalText,
});

export const riskRecord = z.object({
  company_uscc: uscc,
  kind: z.enum(['litigation', 'dishonest', 'enforcement', 'penalty', 'change']),
  ref_no: text,
  occurred_on: date,
  subtype: optionalText,
  role: z.enum(['plaintiff', 'defendant', 'third_party']).optional(),
  amount_cny: int().optional(),
  authority: optionalText,
  status: z.enum(['open', 'closed']).optional(),
  title_zh: text,
  title_en: optionalText,
  detail: z
    .union([
      z.record(z.string(), z.unknown()),
      z.string().transform((v, ctx) => {
        try {
          const parsed: unknown = JSON.parse(v);
          if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
            return parsed as Record<string, unknown>;
        } catch {}
        ctx.addIssue({ code: 'custom', message: 'detail must be a JSON object' });
        return z.NEVER;
      }),
    ])
    .optional(),
});

export const buyerRecord = z.object({
  name: text,
  country_code: country,
  city: optionalText,
  kind: z.enum(['importer', 'distributor', 'retailer', 'brand', 'manufacturer']).optional(),
  products: products.optional(),
  employees: int().optional(),
  annual_import_usd: int().optional(),
  website: optionalText,
});

export const tradeRecord = z.object({
  ref_no: text,
  exporter_uscc: uscc,
  buyer_name: text,
  buyer_country: country,
  hs_code: z
    .string()
    .trim()
    .regex(/^\d{4,10}$/, 'hs_code must be 4 to 10 digits'),
  product: productKey.optional(),
  description: optionalText,
  shipped_on: date,
  quantity: int().optional(),
  unit: optionalText,
  value_usd: int(),
});

export const contactRecord = z
  .object({
    owner_kind: z.enum(['company', 'buyer']),
    company_uscc: uscc.optional(),
    buyer_name: optionalText,
    buyer_country: country.optional(),
    name: text,
    title: optionalText,
    phone: optionalText,
    email: optionalText,
    is_primary: bool.optional(),
  })
  .refine(
    (c) =>
      c.owner_kind === 'company'
        ? c.company_uscc !== undefined
        : c.buyer_name !== undefined && c.buyer_country !== undefined,
    {
      message: 'a company contact needs company_uscc; a buyer contact needs buyer_name and buyer_country',
    },
  );

/** The files an import directory may hold, in the order they load (referenced rows first). */
export const IMPORT_FILES = [
  'companies',
  'overseas_buyers',
  'trademarks',
  'risk_records',
  'trade_records',
  'contacts',
] as const;
export type ImportFile = (typeof IMPORT_FILES)[number];

export const RECORD_SCHEMAS = {
  companies: companyRecord,
  overseas_buyers: buyerRecord,
  trademarks: trademarkRecord,
  risk_records: riskRecord,
  trade_records: tradeRecord,
  contacts: contactRecord,
} as const;

export type RecordOf<F extends ImportFile> = z.output<(typeof RECORD_SCHEMAS)[F]>;
