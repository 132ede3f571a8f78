// Reference data: the code systems the business-data store speaks (provinces, industries,
// countries, Nice classes, HS chapters) and the product vocabulary and industry profiles on top.
export { type Country, COUNTRIES, countryByCode } from './countries.ts';
export { CLUSTERS, type Cluster, provinceWeights } from './geography.ts';
export { type HsChapter, HS_CHAPTERS, hsChapter } from './hs.ts';
export {
  divisionByCode,
  INDUSTRY_DIVISIONS,
  INDUSTRY_SECTIONS,
  type IndustryDivision,
  type IndustrySection,
  sectionOf,
} from './industries.ts';
export { NICE_CLASSES, type NiceClass, niceClass } from './nice.ts';
export { type Product, PRODUCTS, productByKey, productsOfDivision } from './products.ts';
export { type IndustryProfile, type NameStem, PROFILES, profileOf } from './profiles.ts';
export { type City, PROVINCES, type Province, provinceByCode } from './provinces.ts';
