// Reference data: the code systems the business-data store speaks (provinces, industries,
// countries, Nice classes, HS chapters) and the product vocabulary and industry profiles on top.
export { COUNTRIES, type Country, countryByCode } from './countries.ts';
export { CLUSTERS, type Cluster, provinceWeights } from './geography.ts';
export { HS_CHAPTERS, type HsChapter, hsChapter } from './hs.ts';
export {
  divisionByCode,
  INDUSTRY_DIVISIONS,
  INDUSTRY_SECTIONS,
  type IndustryDivision,
  type IndustrySection,
  sectionOf,
} from './industries.ts';
export { DESTINATION_CITIES, DESTINATIONS, marketOfCountry } from './markets.ts';
export { NICE_CLASSES, type NiceClass, niceClass } from './nice.ts';
export { PRODUCTS, type Product, productByKey, productsOfDivision } from './products.ts';
export { type IndustryProfile, type NameStem, PROFILES, profileOf } from './profiles.ts';
export { type City, PROVINCES, type Province, provinceByCode } from './provinces.ts';
