// Where Chinese exports go, and which brand_check market each country belongs to.
// DESTINATIONS: approximate, rounded shares of China's goods exports by destination, after the
// General Administration of Customs (GACC) 2023 country tables; they shape where the demo
// dataset's overseas buyers are, not exact statistics.
import type { Market } from '../../catalog/index.ts';

export const DESTINATIONS: Readonly<Record<string, number>> = {
  US: 14.8,
  JP: 4.7,
  KR: 4.4,
  VN: 4.1,
  IN: 3.5,
  RU: 3.3,
  DE: 3.1,
  NL: 2.5,
  MY: 2.5,
  GB: 2.3,
  TH: 2.1,
  MX: 2.3,
  AU: 2.1,
  ID: 1.9,
  SG: 2.3,
  AE: 1.6,
  PH: 1.5,
  BR: 1.8,
  SA: 1.3,
  CA: 1.3,
  FR: 1.2,
  IT: 1.3,
  PL: 1.1,
  ES: 1.2,
  TR: 1.3,
  BE: 0.8,
  BD: 0.7,
  PK: 0.7,
  NG: 0.6,
  CL: 0.6,
  KZ: 0.7,
  ZA: 0.7,
  EG: 0.5,
  IL: 0.5,
  CZ: 0.4,
  SE: 0.3,
  HU: 0.4,
  CO: 0.4,
  PE: 0.4,
  AR: 0.4,
  NZ: 0.3,
  KE: 0.3,
  UA: 0.3,
  AT: 0.2,
  CH: 0.3,
  DK: 0.2,
  IE: 0.2,
  PT: 0.2,
  GR: 0.2,
};

const EU = new Set([
  'DE',
  'NL',
  'FR',
  'IT',
  'PL',
  'ES',
  'BE',
  'CZ',
  'SE',
  'HU',
  'AT',
  'DK',
  'IE',
  'PT',
  'GR',
]);
const SEA = new Set(['VN', 'MY', 'TH', 'ID', 'SG', 'PH']);
const LATAM = new Set(['MX', 'BR', 'CL', 'CO', 'PE', 'AR']);
const MENA = new Set(['AE', 'SA', 'TR', 'EG', 'IL']);

/** The brand_check market a country's trademarks are registered in, or null if none covers it. */
export function marketOfCountry(country: string): Market | null {
  if (country === 'CN') return 'cn';
  if (country === 'US' || country === 'GB') return 'us_uk';
  if (EU.has(country)) return 'eu';
  if (country === 'JP') return 'jp';
  if (country === 'KR') return 'kr';
  if (SEA.has(country)) return 'sea';
  if (country === 'AU' || country === 'NZ') return 'au_nz';
  if (country === 'CA') return 'ca';
  if (LATAM.has(country)) return 'latam';
  if (MENA.has(country)) return 'mena';
  return null;
}

/** Main commercial cities of the larger destinations. */
export const DESTINATION_CITIES: Readonly<Record<string, readonly string[]>> = {
  US: ['Los Angeles', 'New York', 'Chicago', 'Houston', 'Miami', 'Seattle', 'Atlanta', 'Dallas'],
  JP: ['Tokyo', 'Osaka', 'Nagoya', 'Yokohama'],
  KR: ['Seoul', 'Busan', 'Incheon'],
  VN: ['Ho Chi Minh City', 'Hanoi', 'Hai Phong'],
  IN: ['Mumbai', 'New Delhi', 'Chennai', 'Bengaluru'],
  RU: ['Moscow', 'Saint Petersburg', 'Novosibirsk'],
  DE: ['Hamburg', 'Düsseldorf', 'Munich', 'Frankfurt'],
  NL: ['Rotterdam', 'Amsterdam', 'Eindhoven'],
  MY: ['Kuala Lumpur', 'Penang', 'Johor Bahru'],
  GB: ['London', 'Manchester', 'Birmingham'],
  TH: ['Bangkok', 'Chonburi'],
  MX: ['Mexico City', 'Monterrey', 'Guadalajara'],
  AU: ['Sydney', 'Melbourne', 'Brisbane'],
  ID: ['Jakarta', 'Surabaya'],
  SG: ['Singapore'],
  AE: ['Dubai', 'Abu Dhabi'],
  PH: ['Manila', 'Cebu'],
  BR: ['São Paulo', 'Rio de Janeiro', 'Curitiba'],
  SA: ['Riyadh', 'Jeddah', 'Dammam'],
  CA: ['Toronto', 'Vancouver', 'Montreal'],
  FR: ['Paris', 'Lyon', 'Marseille'],
  IT: ['Milan', 'Rome', 'Naples'],
  PL: ['Warsaw', 'Łódź', 'Gdańsk'],
  ES: ['Madrid', 'Barcelona', 'Valencia'],
  TR: ['Istanbul', 'Izmir', 'Ankara'],
};
