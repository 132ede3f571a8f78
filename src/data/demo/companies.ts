// One synthetic Chinese company: an industry drawn by the profiles' weights, a province by that
// industry's real geography, a city there, a unique legal name built from a brand (字号) and the
// industry's stem, products that match the stem, and size, age, tiers and status that agree.

import type { Tier } from '../../catalog/index.ts';
import { type Cluster, provinceWeights } from '../reference/geography.ts';
import { PRODUCTS, type Product, productsOfDivision } from '../reference/products.ts';
import { type IndustryProfile, type NameStem, PROFILES } from '../reference/profiles.ts';
import { type City, PROVINCES, type Province } from '../reference/provinces.ts';
import { makeUscc } from '../uscc.ts';
import { type Brand, makeBrand, makePerson, type Person } from './names.ts';
import { daysBefore, Random, WeightedTable } from './random.ts';
import type { CompanyRow } from './rows.ts';

/** Every date in the demo dataset is relative to this day, so the data does not depend on when it is made. */
export const REFERENCE_DATE = new Date('2025-06-30T00:00:00Z');

const industries = new WeightedTable(PROFILES.map((profile) => [profile, profile.weight] as const));
const provinceTables = new Map<Cluster, WeightedTable<Province>>();
function provinceTable(cluster: Cluster): WeightedTable<Province> {
  let table = provinceTables.get(cluster);
  if (!table) {
    const weights = provinceWeights(cluster);
    table = new WeightedTable(PROVINCES.map((province) => [province, weights.get(province.code)!] as const));
    provinceTables.set(cluster, table);
  }
  return table;
}

/** Divisions whose companies are technology companies for the high_tech and tech_sme tiers. */
const TECH = new Set(['26', '27', '34', '35', '38', '39', '40', '65']);
const EXPORTABLE = PRODUCTS.filter((product) => product.hs !== null);

/** The company plus what its records are built from. */
export interface CompanyDraft {
  readonly row: CompanyRow;
  readonly brand: Brand;
  readonly profile: IndustryProfile;
  readonly province: Province;
  readonly city: City;
  readonly products: readonly Product[];
  readonly legalRep: Person;
  readonly risk: 'low' | 'medium' | 'high';
}

function chooseProducts(random: Random, profile: IndustryProfile, stem: NameStem): Product[] {
  if (profile.division === '51') {
    // Trading companies sell what the factories make, one or two product families.
    const main = random.pick(EXPORTABLE);
    const family = EXPORTABLE.filter((product) => product.division === main.division && product !== main);
    return [main, ...random.sample(family, random.int(0, 2))];
  }
  const own = productsOfDivision(profile.division);
  const preferred =
    stem.products.length > 0 ? own.filter((product) => stem.products.includes(product.key)) : own;
  if (preferred.length === 0) return [];
  const main = random.pick(preferred);
  const extra = random.sample(
    own.filter((product) => product !== main),
    random.chance(0.5) ? random.int(1, 2) : 0,
  );
  return [main, ...extra];
}

function foundedOn(random: Random, listedOrSoe: boolean): string {
  // Most companies are young: registrations grew fast after 2014's registered-capital reform.
  const ageYears = listedOrSoe ? 8 + random.next() * 27 : Math.min(34, random.logNormal(7, 0.65));
  return daysBefore(REFERENCE_DATE, Math.floor(ageYears * 365.25));
}

function tiersFor(random: Random, profile: IndustryProfile, size: number): Tier[] {
  const tiers: Tier[] = [];
  const tech = TECH.has(profile.division);
  const big = Math.min(1, size / 800);
  if (random.chance(0.0015 + 0.03 * big)) tiers.push('listed');
  if (random.chance((profile.division === '31' || profile.division === '36' ? 0.06 : 0.012) + 0.02 * big))
    tiers.push('soe');
  const manufacturing = Number(profile.division) >= 13 && Number(profile.division) <= 43;
  if ((manufacturing || tech) && random.chance(0.025 + 0.05 * big)) {
    tiers.push('srdi');
    if (random.chance(0.18)) tiers.push('little_giant');
  }
  if (random.chance(tech ? 0.12 + 0.2 * big : 0.03)) tiers.push('high_tech');
  if (random.chance(tech ? 0.1 : 0.02)) tiers.push('tech_sme');
  return tiers;
}

export interface NameRegistry {
  /** Legal names already taken: the registry refuses a duplicate, as the real one does. */
  readonly names: Set<string>;
}

function legalName(format: number, brand: Brand, stem: NameStem, province: Province, city: City) {
  if (format === 0)
    return { zh: `${brand.zh}${stem.zh}股份有限公司`, en: `${brand.display} ${stem.en} Co., Ltd.` };
  if (format === 1)
    return {
      zh: `${province.short}${brand.zh}${stem.zh}有限公司`,
      en: `${province.en} ${brand.display} ${stem.en} Co., Ltd.`,
    };
  const cityZh = city.zh === province.short ? province.short : city.zh;
  return {
    zh: `${cityZh}${brand.zh}${stem.zh}有限公司`,
    en: `${city.en} ${brand.display} ${stem.en} Co., Ltd.`,
  };
}

export function generateCompany(seed: number, id: number, registry: NameRegistry): CompanyDraft {
  const random = new Random(seed, 1, id);
  const profile = industries.pick(random);
  const province = provinceTable(profile.cluster).pick(random);
  // The first city (the capital or the main industrial city) takes about a third of companies.
  const city = random.chance(0.35) ? province.cities[0]! : random.pick(province.cities);
  const stem = random.pick(profile.stems);
  const products = chooseProducts(random, profile, stem);

  let size = Math.round(random.logNormal(14, 1.25));
  if (random.chance(0.05)) size = random.int(0, 1);
  const tiers = tiersFor(random, profile, size);
  if (tiers.includes('listed')) size = Math.max(size * 20, random.int(800, 20_000));
  else if (tiers.includes('soe')) size = Math.max(size * 6, random.int(150, 5_000));
  else if (tiers.includes('little_giant')) size = Math.max(size * 3, random.int(80, 900));
  size = Math.min(size, 250_000);

  const listedOrSoe = tiers.includes('listed') || tiers.includes('soe');
  let brand = makeBrand(random, random.chance(0.55) ? 2 : 3);
  let name = legalName(
    tiers.includes('listed') ? 0 : random.chance(0.15) ? 1 : 2,
    brand,
    stem,
    province,
    city,
  );
  for (let attempt = 0; registry.names.has(name.zh); attempt++) {
    brand = makeBrand(random, attempt < 3 ? 2 : 3);
    name = legalName(attempt % 2 === 0 ? 2 : 1, brand, stem, province, city);
  }
  registry.names.add(name.zh);

  const exporter =
    products.some((product) => product.hs !== null) &&
    random.chance(profile.exportShare + (size > 100 ? 0.15 : 0));
  const capitalBase = listedOrSoe
    ? random.logNormal(3e8, 1)
    : random.logNormal(Math.max(size, 3) * 150_000, 0.9);
  const registeredCapital = Math.max(10_000, Math.round(capitalBase / 10_000) * 10_000);
  const statusRoll = random.next();
  const status: CompanyRow['status'] =
    statusRoll < 0.04 ? 'cancelled' : statusRoll < 0.06 ? 'revoked' : statusRoll < 0.07 ? 'moved' : 'active';
  const riskRoll = random.next();
  const risk = status !== 'active' || riskRoll < 0.05 ? 'high' : riskRoll < 0.25 ? 'medium' : 'low';
  const legalRep = makePerson(random);
  const scopeGoods = products.map((product) => product.zh).join('、');
  const scope =
    profile.division === '51'
      ? `${scopeGoods}的批发、零售；货物及技术进出口`
      : products.length > 0 && products.every((product) => product.hs === null)
        ? `${scopeGoods}；技术咨询、技术服务`
        : scopeGoods
          ? `${scopeGoods}的研发、生产、销售${exporter ? '；货物及技术进出口' : ''}`
          : `${profile.stems[0]!.zh}相关技术开发、技术服务`;

  const row: CompanyRow = {
    id,
    // Registered at province level: the area code is the province's own GB/T 2260 code.
    uscc: makeUscc(province.code, id * 7919 + seed),
    name: name.zh,
    name_en: name.en,
    brand: brand.zh,
    brand_latin: brand.latin,
    province_code: province.code,
    city: city.zh,
    city_en: city.en,
    industry_code: profile.division,
    products: products.map((product) => product.key),
    scope,
    registered_capital_cny: registeredCapital,
    founded_on: foundedOn(random, listedOrSoe),
    insured_employees: status === 'active' ? size : 0,
    tiers,
    status,
    legal_rep: legalRep.zh,
    exporter,
    website: random.chance(0.6) ? `https://www.${brand.latin}${profile.division}.example` : null,
  };
  return { row, brand, profile, province, city, products, legalRep, risk };
}
